import { Marked, type Token, type TokensList } from "marked";
import { memoizeByInput } from "../lib/memo";
import { sanitizeHtml } from "./sanitize";

/**
 * Markdown content as the page renders it: runs of sanitized HTML, and the top-level code
 * blocks separately, so the page can give each one a Copy button as a React component
 * (rendered on the server, no DOM patching after hydration). Code inside a list or a quote
 * stays part of its HTML run.
 */
export type MarkdownBlock = { kind: "html"; html: string } | { kind: "code"; code: string; language: string };

// One instance with the defaults (GFM), never the shared global one, whose options any
// importer could change.
const marked = new Marked({ gfm: true, async: false });

/** A language name fit for a class and a label ("js", "shell", "c++" becomes "c"); empty otherwise. */
function languageOf(lang: string | undefined): string {
  return /^[\w-]{1,32}/.exec(lang?.trim() ?? "")?.[0] ?? "";
}

/** Articles' markdown, parsed and sanitized once per distinct text in an isolate (see
 * lib/memo; at most 20 articles of up to 64 Ki characters, a few MiB); the blocks are
 * frozen because every render of the article shares them. */
export const renderMarkdown: (markdown: string) => readonly MarkdownBlock[] = memoizeByInput(parseMarkdown, { maxEntries: 20, maxInputLength: 65_536 });

function parseMarkdown(markdown: string): readonly MarkdownBlock[] {
  const tokens = marked.lexer(markdown);
  const blocks: MarkdownBlock[] = [];
  let run: Token[] = [];
  const flush = () => {
    if (!run.length) return;
    // Reference-style links resolve through the document's link table.
    const html = sanitizeHtml(marked.parser(Object.assign(run, { links: tokens.links }) as TokensList));
    if (html.trim()) blocks.push({ kind: "html", html });
    run = [];
  };
  for (const token of tokens) {
    if (token.type === "code") {
      flush();
      blocks.push({ kind: "code", code: token.text as string, language: languageOf(token.lang as string | undefined) });
    } else {
      run.push(token);
    }
  }
  flush();
  return Object.freeze(blocks.map((block) => Object.freeze(block)));
}
