import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * patches/react-dom+*.patch makes React's edge server renderer write strings and encode
 * each flush once (decision 027). Both builds are patched and tested: the Worker bundle
 * uses the production one, wrangler dev and the Worker tests the development one.
 */
const require = createRequire(import.meta.url);
// The package's exports name only the entry that picks a build by NODE_ENV; each build is
// loaded by its file, next to that entry.
const edgeEntry = require.resolve("react-dom/server.edge");
const builds = ["production", "development"].map((mode) => ({
  mode,
  server: require(path.join(path.dirname(edgeEntry), `cjs/react-dom-server.edge.${mode}.js`)) as typeof import("react-dom/server.edge"),
}));

/** Every chunk the stream gives, decoded, and how many there were. */
async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<{ html: string; chunks: number }> {
  const decoder = new TextDecoder();
  let html = "";
  let chunks = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    chunks++;
    html += decoder.decode(chunk, { stream: true });
  }
  return { html: html + decoder.decode(), chunks };
}

/** A paragraph of `text` inside a Suspense boundary that is already complete (nothing suspends). */
const boundary = (text: string): ReactNode => h("div", null, h(Suspense, { fallback: "loading" }, h("p", null, text)));

describe.each(builds)("React's edge server renderer, patched ($mode build)", ({ server }) => {
  it("writes a flush as one chunk, however long", async () => {
    const items = Array.from({ length: 400 }, (_, i) => h("li", { key: i, className: "item" }, `Item ${i} & more <text>`));
    const { html, chunks } = await chunksOf(await server.renderToReadableStream(h("ul", null, items)));
    // Unpatched, React copies every string into 4 KiB views and enqueues each when full.
    expect(html.length).toBeGreaterThan(4 * 4096);
    expect(chunks).toBe(1);
    expect(html.startsWith('<ul><li class="item">Item 0 &amp; more &lt;text&gt;</li>')).toBe(true);
    expect(html.endsWith('<li class="item">Item 399 &amp; more &lt;text&gt;</li></ul>')).toBe(true);
  });

  it("still streams: the shell first, a suspended boundary's content in a later chunk", async () => {
    let resolve = (_: string) => {};
    const data = new Promise<string>((done) => (resolve = done));
    // biome-ignore lint/correctness/noComponentHookFactories: an async server component reading this test's promise; rendered once
    const Late = async () => h("p", null, await data);
    const stream = await server.renderToReadableStream(h("main", null, h("h1", null, "Shell"), h(Suspense, { fallback: h("p", null, "Loading") }, h(Late))));
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain("<h1>Shell</h1>");
    expect(first).toContain("<p>Loading</p>");
    expect(first).not.toContain("Later");
    resolve("Later");
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += decoder.decode(part.value);
    expect(rest).toContain("<p>Later</p>");
  });

  // React outlines a completed boundary (a hidden segment moved in by a script) by its size:
  // over 500, and over `progressiveChunkSize` together with what was flushed before it. The
  // patch counts that size in UTF-16 code units, not in UTF-8 bytes as React does (decision
  // 030): the same for ASCII, up to 3x less for other text. The DOM is the same either way.
  it.each([
    ["ASCII under the limit", "a".repeat(900), false],
    ["ASCII over the limit", "a".repeat(1100), true],
    ["two-byte text of 1,200 bytes in 600 units", "é".repeat(600), false],
    ["three-byte text of 1,100 units", "€".repeat(1100), true],
    ["four-byte text of 1,200 bytes in 600 units", "😀".repeat(300), false],
  ])("decides to outline %s by UTF-16 code units", async (_, text, outlined) => {
    const { html } = await chunksOf(await server.renderToReadableStream(boundary(text), { progressiveChunkSize: 1000 }));
    expect(html.includes('<template id="B:0">')).toBe(outlined);
    expect(html).toContain(`<p>${text}</p>`);
  });
});
