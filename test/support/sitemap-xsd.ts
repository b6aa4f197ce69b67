/**
 * Validation of sitemap files against the sitemaps.org 0.9 schemas by libxml2's own
 * validator (xmllint compiled to WebAssembly, npm `xmllint-wasm`). The schemas are the
 * protocol's published files, committed in test/support/sitemaps-org (no Internet here).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const schema = (name: string) => readFileSync(fileURLToPath(new URL(`./sitemaps-org/${name}`, import.meta.url)), "utf8");
const SCHEMAS = { urlset: schema("sitemap.xsd"), sitemapindex: schema("siteindex.xsd") };

/** xmllint's error lines for `xml` (none when valid). */
export async function xsdErrors(fileName: string, xml: string, root: "urlset" | "sitemapindex"): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName, contents: xml }], schema: [SCHEMAS[root]] });
  return result.errors.map((error) => error.rawMessage);
}
