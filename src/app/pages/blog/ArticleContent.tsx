import type { MarkdownBlock } from "../../../data/markdown";
import { CodeBlock } from "./CodeBlock";

/** The rendered markdown: sanitized HTML runs, and code blocks with their Copy buttons. */
export function ArticleContent({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  return (
    <div className="article-content">
      {blocks.map((block, index) =>
        block.kind === "code" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article's text, in their fixed order: the position is their identity
          <CodeBlock key={index} code={block.code} language={block.language} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article's text, in their fixed order: the position is their identity
          // biome-ignore lint/security/noDangerouslySetInnerHtml: marked's output passed through sanitizeHtml (src/data/sanitize.ts) in src/data/markdown.ts
          <div key={index} dangerouslySetInnerHTML={{ __html: block.html }} />
        ),
      )}
    </div>
  );
}
