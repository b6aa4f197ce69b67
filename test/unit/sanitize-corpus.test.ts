import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/data/markdown";
import { sanitizeHtml } from "../../src/data/sanitize";
import { ATTACKER_HOST, HTML_VECTORS, MARKDOWN_VECTORS, SANITIZED_TAGS, safeFormatting, vectorFields } from "../support/attack-vectors";

const ALLOWED_TAGS = new Set(SANITIZED_TAGS);
const ALLOWED_ATTRIBUTES = new Set([
  "href",
  "title",
  "src",
  "alt",
  "width",
  "height",
  "class",
  "cite",
  "start",
  "type",
  "colspan",
  "rowspan",
  "scope",
  "target",
  "rel",
]);

const SITE = "https://site.example";

/** An attribute value as a browser reads it (character references decoded). */
function browserValue(raw: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, ref: string) => {
    if (ref[0] !== "#") return named[ref.toLowerCase()] ?? match;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/**
 * What the sanitizer lets out, checked as a browser would read it: only allow-listed tags
 * and attributes, every value quoted, no markup in text, links to the site or to web,
 * mail and phone addresses (never to the attacker's host), images from our file store only.
 */
function expectInert(html: string, label: string) {
  // Every "<" starts an allowed tag; anything else would have been escaped as text.
  for (const [, slash, name, attributes] of html.matchAll(/<(\/?)([^\s>/]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(name!.toLowerCase()), `${label}: tag <${slash}${name}>`).toBe(true);
    const rest = attributes!.replace(/\s([a-z-]+)="([^"<>]*)"/g, (_, attribute: string, value: string) => {
      expect(ALLOWED_ATTRIBUTES.has(attribute), `${label}: attribute ${attribute}`).toBe(true);
      const read = browserValue(value);
      if (attribute === "href" || attribute === "cite") {
        expect(read, `${label}: ${attribute}="${value}"`).toMatch(/^(\/(?![/\\])|#|\?|https?:\/\/(?![/\\])|mailto:|tel:)/);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the test asserts no control character survives
        expect(read, `${label}: control characters`).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(new URL(read, SITE).hostname, `${label}: ${attribute}="${value}"`).not.toBe(ATTACKER_HOST);
      }
      if (attribute === "src") {
        expect(read, `${label}: src="${value}"`).toMatch(/^\/api\/files\/(?!.*(\.\.|\\|%2e|%2f|%5c))/i);
        const url = new URL(read, SITE);
        expect(url.origin + url.pathname.slice(0, 11), `${label}: src="${value}"`).toBe(`${SITE}/api/files/`);
      }
      return "";
    });
    expect(rest.replace(/\s*\/?$/, ""), `${label}: unparsed attribute text in <${name}${attributes}>`).toBe("");
  }
  expect(html.replace(/<[^>]*>/g, ""), `${label}: markup left in text`).not.toMatch(/[<>]/);
}

describe("attack corpus", () => {
  it("has at least 60 vectors of every family the issue names", () => {
    const all = [...HTML_VECTORS, ...MARKDOWN_VECTORS];
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    for (const family of [
      /<script/i,
      /\son\w+=/i,
      /javascript:/i,
      /vbscript:/i,
      /data:/,
      /srcset=/,
      /formaction=/,
      /<svg/,
      /<math/,
      /style/,
      /&#x?[0-9a-f]+/i,
      /<!--/,
    ]) {
      expect(
        all.some((v) => family.test(v.html)),
        String(family),
      ).toBe(true);
    }
  });

  it.each(HTML_VECTORS.map((v) => [v.id, v] as const))("neutralises %s", (_, vector) => {
    expectInert(sanitizeHtml(vector.html), vector.id);
  });

  it.each(MARKDOWN_VECTORS.map((v) => [v.id, v] as const))("neutralises markdown %s", (_, vector) => {
    for (const block of renderMarkdown(vector.html)) {
      if (block.kind === "html") expectInert(block.html, vector.id);
    }
  });

  it.each(HTML_VECTORS.map((v) => [v.id, v] as const))("%s swallows what follows it only when marked so", (_, vector) => {
    const after = sanitizeHtml(`${vector.html}\n<p>AFTER</p>`);
    expect(after.endsWith("<p>AFTER</p>")).toBe(!vector.swallowsRest);
  });

  it("neutralises the whole corpus as the fields the browser test stores", () => {
    const fields = vectorFields(HTML_VECTORS);
    expect(fields.join("\n")).toBe(HTML_VECTORS.map((v) => v.html).join("\n"));
    for (const [index, field] of fields.entries()) expectInert(sanitizeHtml(field), `field ${index}`);
  });

  it("keeps the formatting editors use exactly as written", () => {
    const safe = safeFormatting("/api/files/_zdata_stores/abc123/logo.png");
    expect(sanitizeHtml(safe)).toBe(safe);
    expect(sanitizeHtml(`${HTML_VECTORS[0]!.html}${safe}`)).toBe(safe);
  });
});
