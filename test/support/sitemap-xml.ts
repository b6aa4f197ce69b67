/**
 * A strict reader of the sitemap XML the Worker writes (sitemaps.org 0.9): the XML
 * declaration, the root element with the protocol's namespace, then only <url> or
 * <sitemap> entries holding a <loc> and an optional <lastmod>. Anything else, unescaped
 * markup characters included, throws, so a test that reads a file also proves it well formed.
 */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function text(raw: string): string {
  if (/[<>]/.test(raw) || /&(?!(?:amp|lt|gt|quot|apos);)/.test(raw)) throw new Error(`unescaped markup in ${JSON.stringify(raw)}`);
  return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

export function parseSitemap(xml: string, root: "urlset" | "sitemapindex"): SitemapEntry[] {
  const element = root === "urlset" ? "url" : "sitemap";
  const open = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NS}">\n`;
  const close = `</${root}>\n`;
  if (!xml.startsWith(open)) throw new Error(`not a ${root} document: ${xml.slice(0, 120)}`);
  if (!xml.endsWith(close)) throw new Error(`${root} is not closed: ${xml.slice(-120)}`);
  const body = xml.slice(open.length, xml.length - close.length);
  const entry = new RegExp(`<${element}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${element}>\\n`, "y");
  const entries: SitemapEntry[] = [];
  while (entry.lastIndex < body.length) {
    const at = entry.lastIndex;
    const match = entry.exec(body);
    if (!match) throw new Error(`unexpected content at ${at}: ${body.slice(at, at + 120)}`);
    const loc = text(match[1]!);
    if (!/^https?:\/\/[^\s]+$/.test(loc)) throw new Error(`loc is not an absolute URL: ${loc}`);
    const lastmod = match[2] === undefined ? undefined : text(match[2]);
    if (lastmod !== undefined && !W3C_DATETIME.test(lastmod)) throw new Error(`lastmod is not a W3C datetime: ${lastmod}`);
    entries.push(lastmod === undefined ? { loc } : { loc, lastmod });
  }
  return entries;
}

/** PocketBase's "2025-03-04 10:11:12.345Z" as the sitemap writes it. */
export const w3c = (pocketbaseTime: string) => pocketbaseTime.replace(" ", "T").replace(/\.\d+Z$/, "Z");
