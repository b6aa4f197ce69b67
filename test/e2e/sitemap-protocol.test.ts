/**
 * The sitemaps of the running site, read as a search engine reads them: every file valid
 * against the sitemaps.org 0.9 XSD (libxml2's validator), and every file listing only URLs
 * under its own directory, which the protocol requires.
 */
import { describe, expect, it } from "vitest";
import { parseSitemap } from "../support/sitemap-xml";
import { xsdErrors } from "../support/sitemap-xsd";
import { siteUrl } from "./browser";

async function fetchXml(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** The protocol's rule: a sitemap at /a/b.xml may list /a/… only. */
const directoryOf = (url: string) => url.slice(0, url.lastIndexOf("/") + 1);

describe("sitemaps against the sitemaps.org schemas", () => {
  it("the index and every file it lists are valid, and each lists only URLs under its directory", async () => {
    const indexXml = await fetchXml(`${siteUrl()}/sitemap.xml`);
    expect(await xsdErrors("sitemap.xml", indexXml, "sitemapindex")).toEqual([]);
    const files = parseSitemap(indexXml, "sitemapindex");
    expect(files.length).toBeGreaterThanOrEqual(5);
    let urls = 0;
    for (const { loc } of files) {
      // The index names files under the canonical origin; fetch them from the local stack.
      const path = new URL(loc).pathname;
      expect(directoryOf(path), loc).toBe("/");
      const xml = await fetchXml(`${siteUrl()}${path}`);
      expect(await xsdErrors(path, xml, "urlset"), path).toEqual([]);
      for (const entry of parseSitemap(xml, "urlset")) {
        expect(entry.loc.startsWith(directoryOf(loc)), `${entry.loc} in ${loc}`).toBe(true);
        urls++;
      }
    }
    expect(urls).toBeGreaterThan(100);
  });

  it("the validator does reject what the protocol forbids", async () => {
    const bad = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://a.example/</loc><lastmod>yesterday</lastmod></url>\n</urlset>\n`;
    expect((await xsdErrors("bad.xml", bad, "urlset")).join("\n")).toMatch(/lastmod/);
  });
});
