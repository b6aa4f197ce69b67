import { afterEach, describe, expect, it } from "vitest";
import { DEFERRED_DATA_ID } from "../../src/app/deferred";
import { listStoreFilters } from "../../src/data/stores";
import type { ListResult, StoreFilter } from "../../src/data/types";
import { parsePage } from "./dom";
import { delayOrigin, evictReads, pocketbase, visit } from "./helpers";

const SLOW_MS = 1_500;

async function readTimed(response: Response, started: number) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: { at: number; text: string }[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: Date.now() - started, text: decoder.decode(value, { stream: true }) });
  }
  return chunks;
}

describe("streamed document", () => {
  afterEach(() => delayOrigin("", 0));

  it("sends the shell with the stores before the slow category list, then the list and its hydration data", async () => {
    const filters = await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title");
    const category = filters.items.find((f) => f.total > 0)!;
    await visit(`/stores?catID=${category.id}`); // warm the store reads: only the category list stays slow
    await evictReads(listStoreFilters);
    await delayOrigin("_zsec_store_filters", SLOW_MS);

    const started = Date.now();
    const response = await visit(`/stores?catID=${category.id}`);
    expect(response.status).toBe(200);
    const chunks = await readTimed(response, started);
    expect(chunks[0]!.at).toBeLessThan(SLOW_MS - 500);
    const shell = chunks
      .filter((c) => c.at < SLOW_MS - 300)
      .map((c) => c.text)
      .join("");
    expect(shell).toContain(`All ${category.title.replace(/&/g, "&amp;")} Stores</h1>`);
    // The store cards (each headed by a link to its store) are in the shell.
    expect(parsePage(shell).querySelectorAll("main article h2 a[href^='/stores/']").length).toBeGreaterThan(0);
    expect(shell).toContain("placeholder-glow");
    expect(shell).not.toContain('aria-label="Store categories"');

    const html = chunks.map((c) => c.text).join("");
    expect(chunks.at(-1)!.at).toBeGreaterThanOrEqual(SLOW_MS - 50);
    expect(html).toContain('aria-label="Store categories"');
    const deferred = html.match(new RegExp(`<script type="application/json" id="${DEFERRED_DATA_ID}">(.*?)</script></body></html>$`, "s"));
    expect(deferred).not.toBeNull();
    const values = JSON.parse(deferred![1]!) as { stores: { categories: { value: StoreFilter[] } } };
    expect(values.stores.categories.value.map((c) => c.id)).toEqual(filters.items.map((c) => c.id));
  });

  it("gives crawlers the whole document at once, the slow section already in place", async () => {
    await evictReads(listStoreFilters);
    await delayOrigin("_zsec_store_filters", SLOW_MS);
    const started = Date.now();
    const response = await visit("/stores", { headers: { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" } });
    const chunks = await readTimed(response, started);
    expect(chunks[0]!.at).toBeGreaterThanOrEqual(SLOW_MS - 50);
    const html = chunks.map((c) => c.text).join("");
    expect(html).toContain('aria-label="Store categories"');
    expect(html).not.toContain("placeholder-glow");
    expect(html).not.toMatch(/<div hidden id="S:|\$RC\(/);
  });
});
