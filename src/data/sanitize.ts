import xss from "xss";
import { memoizeByInput } from "../lib/memo";

// js-xss is CommonJS: its default export is the module object in every bundler and runtime
// we use (named imports fail under the Workers test pool).
const { FilterXSS } = xss as unknown as typeof import("xss");

/**
 * The one sanitizer for CMS HTML (`summery`, `tnc`, `pros`, `cons`, `description`, …) and
 * for marked's output (ARCHITECTURE rule 7). It is a string-to-string allow-list filter
 * (js-xss), so the same rules run in the Worker and in the browser without a DOM.
 * Every tag not listed is removed (its text stays, escaped); every attribute not listed
 * is dropped; link and image URLs are decoded as a browser reads them, checked, and
 * written back fully escaped, so the browser reads exactly the URL that was checked.
 * The attack corpus it is tested with: test/support/attack-vectors.ts.
 */
const ALLOWED: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  blockquote: ["cite"],
  q: [],
  cite: [],
  abbr: ["title"],
  code: ["class"],
  pre: [],
  kbd: [],
  ul: [],
  ol: ["start", "type"],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A link target editors may use: a same-site path or fragment, or http(s)/mailto/tel. */
export function isSafeLink(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a link with a control character is refused, on purpose
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  if (/^[/?#]/.test(value)) return !/^[/\\]{2}|^\/\\/.test(value);
  try {
    return LINK_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Images only from our own file store: a remote image would report every reader's IP to
 * a third party and would need its host in the Content-Security-Policy. */
export function isSafeImageSource(value: string): boolean {
  return value.startsWith("/api/files/") && !/[\\]|\.\.|%2e|%2f|%5c/i.test(value);
}

/** Named character references that can change a URL's meaning. Others stay as written and
 * are escaped on output, so a browser reads them as literal text, never as a character. */
const NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  sol: "/",
  bsol: "\\",
  period: ".",
  num: "#",
  quest: "?",
  commat: "@",
  percnt: "%",
  lpar: "(",
  rpar: ")",
  tab: "\t",
  newline: "\n",
  nbsp: "\u00a0",
};

/**
 * A URL attribute as a browser reads it: character references decoded (numeric ones also
 * without their semicolon, as browsers accept them), then what URL parsing ignores taken
 * out: tabs and newlines anywhere, control characters and spaces at either end. So
 * `jav&#x09;ascript:` is judged as the `javascript:` it is.
 */
export function urlFromAttribute(raw: string): string {
  const decoded = raw.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (match, hex?: string, decimal?: string, name?: string) => {
    if (name) return NAMED_REFERENCES[name.toLowerCase()] ?? match;
    const code = hex ? parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the C0 controls and spaces a browser strips around a URL, on purpose
  return decoded.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

/** Every character that could end the value or start a reference is escaped: a browser
 * decodes the value back to exactly the string that was checked, never one step further. */
function attribute(name: string, value: string): string {
  const escaped = value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `${name}="${escaped}"`;
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (name === "href" || name === "cite") {
      const url = urlFromAttribute(value);
      if (!isSafeLink(url)) return "";
      // External links open in a new tab without handing the page over (`noopener`) or our
      // endorsement (`nofollow`); these attributes are added here, never taken from the CMS.
      return tag === "a" && /^https?:/i.test(url) ? `${attribute(name, url)} target="_blank" rel="noopener nofollow"` : attribute(name, url);
    }
    if (tag === "img" && name === "src") {
      const url = urlFromAttribute(value);
      return isSafeImageSource(url) ? attribute("src", url) : "";
    }
    if (name === "class") {
      // Only marked's language marker on code blocks: other classes could restyle the page.
      return /^language-[\w-]{1,32}$/.test(value) ? `class="${value}"` : "";
    }
    if (name === "width" || name === "height" || name === "colspan" || name === "rowspan" || name === "start") {
      return /^\d{1,4}$/.test(value.trim()) ? `${name}="${value.trim()}"` : "";
    }
    return undefined;
  },
});

/** Elements whose content is code or foreign markup, not text a reader should see. An
 * unclosed one swallows the rest, as a browser would. Safety does not depend on this pass
 * (the allow-list escapes whatever is left); it only keeps such content out of the page. */
const HIDDEN_CONTENT = /<(script|style|template|noscript|iframe|object|svg|math|textarea|title|xmp|noembed|noframes|select)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** Once per distinct content in an isolate (see lib/memo): hundreds of offers' terms and
 * stores' texts fit, in at most ~8 MiB (500 × 4,096 characters in and out); longer texts
 * are sanitized on every call. */
const sanitizeContent = memoizeByInput((html) => filter.process(html.replace(HIDDEN_CONTENT, "")), { maxEntries: 500, maxInputLength: 4096 });

export function sanitizeHtml(html: string | null | undefined): string {
  return html ? sanitizeContent(html) : "";
}
