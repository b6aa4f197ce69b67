/**
 * Sitemap protocol pieces (sitemaps.org 0.9): XML text and the split of a content type's
 * URLs into child files of at most `perFile` URLs each.
 */

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** The protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
export const URLSET_CLOSE = "</urlset>\n";
export const INDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
export const INDEX_CLOSE = "</sitemapindex>\n";

export function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** PocketBase's "2025-03-04 10:11:12.345Z" as a W3C datetime ("2025-03-04T10:11:12Z");
 * undefined for anything else, so a bad value drops the optional lastmod, not the URL. */
export function w3cDateTime(value: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(value ?? "");
  return match ? `${match[1]}T${match[2]}Z` : undefined;
}

/** The later of two PocketBase datetimes (same format, so they compare as text). */
export function newest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

function entry(element: "url" | "sitemap", loc: string, lastmod: string | undefined): string {
  const date = w3cDateTime(lastmod);
  return `<${element}><loc>${xmlEscape(loc)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</${element}>\n`;
}

export const urlEntry = (loc: string, lastmod?: string) => entry("url", loc, lastmod);
export const sitemapEntry = (loc: string, lastmod?: string) => entry("sitemap", loc, lastmod);

export interface SitemapChunk {
  /** 1-based file number. */
  file: number;
  /** Position of the file's first record in the type's stable order. */
  offset: number;
  size: number;
}

/** How `total` URLs fill files of at most `perFile`: full files, then the rest. No URLs, no files. */
export function sitemapChunks(total: number, perFile: number): SitemapChunk[] {
  if (!Number.isInteger(perFile) || perFile < 1) throw new RangeError(`perFile must be a positive integer, got ${perFile}`);
  const chunks: SitemapChunk[] = [];
  for (let offset = 0; offset < total; offset += perFile) chunks.push({ file: chunks.length + 1, offset, size: Math.min(perFile, total - offset) });
  return chunks;
}
