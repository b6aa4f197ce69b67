import type { MarkdownBlock } from "../../../data/markdown";
import { CodeBlock } from "./CodeBlock";

/** The rendered markdown: sanitized HTML runs, and code blocks with their Copy buttons. */
export function ArticleContent({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  return (
    <div className="article-content">
      {blocks.map((block, index) =>
        block.kind === "code" ? <CodeBlock key={index} code={block.code} language={block.language} /> : <div key={index} dangerouslySetInnerHTML={{ __html: block.html }} />,
      )}
    </div>
  );
}
