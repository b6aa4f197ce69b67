import xss from "xss";

// js-xss is CommonJS: its default export is the module object in every bundler and runtime
// we use (named imports fail under the Workers test pool).
const { FilterXSS, escapeAttrValue, friendlyAttrValue } = xss as unknown as typeof import("xss");

/**
 * The one sanitizer for CMS HTML (`summery`, `tnc`, `pros`, `cons`, `description`, …) and
 * for marked's output (ARCHITECTURE rule 7). It is a string-to-string allow-list filter
 * (js-xss), so the same rules run in the Worker and in the browser without a DOM.
 * Every tag not listed is removed (its text stays, escaped); every attribute not listed
 * is dropped; link and image URLs are checked after entity decoding.
 */
const ALLOWED: Record<string, string[]> = {
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  p: [], br: [], hr: [], div: [], span: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], del: [], ins: [], mark: [], small: [], sub: [], sup: [],
  blockquote: ["cite"], q: [], cite: [], abbr: ["title"], code: ["class"], pre: [], kbd: [],
  ul: [], ol: ["start", "type"], li: [], dl: [], dt: [], dd: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  figure: [], figcaption: [],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [],
  th: ["colspan", "rowspan", "scope"], td: ["colspan", "rowspan"],
};

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A link target editors may use: a same-site path or fragment, or http(s)/mailto/tel. */
export function isSafeLink(value: string): boolean {
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

function cleanUrl(raw: string): string {
  // friendlyAttrValue decodes entities and drops control characters, so `jav&#x09;ascript:`
  // is judged as the browser would read it.
  return friendlyAttrValue(raw).trim();
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (name === "href" || name === "cite") {
      const url = cleanUrl(value);
      if (!isSafeLink(url)) return "";
      const attr = `${name}="${escapeAttrValue(url)}"`;
      // External links open in a new tab without handing the page over (`noopener`) or our
      // endorsement (`nofollow`); these attributes are added here, never taken from the CMS.
      return tag === "a" && /^https?:/i.test(url) ? `${attr} target="_blank" rel="noopener nofollow"` : attr;
    }
    if (tag === "img" && name === "src") {
      const url = cleanUrl(value);
      return isSafeImageSource(url) ? `src="${escapeAttrValue(url)}"` : "";
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

export function sanitizeHtml(html: string | null | undefined): string {
  return html ? filter.process(html.replace(HIDDEN_CONTENT, "")) : "";
}
