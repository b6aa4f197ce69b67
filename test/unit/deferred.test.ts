import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Deferred } from "../../src/app/components/Deferred";
import { defer, reviveDeferred, settledOf, settledPromise } from "../../src/app/deferred";
import { appendToBody } from "../../src/ssr/append-to-body";
import { splitLoaderData } from "../../src/ssr/deferred-data";

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe("splitLoaderData", () => {
  it("keeps plain values for the hydration JSON and collects promise fields", async () => {
    const { immediate, settled } = splitLoaderData({
      stores: { list: [1, 2], categories: Promise.resolve(["a"]), broken: Promise.reject(new Error("down")) },
      root: null,
      other: [1],
    });
    expect(immediate).toEqual({ stores: { list: [1, 2] }, root: null, other: [1] });
    expect(await settled).toEqual({ stores: { categories: { value: ["a"] }, broken: { error: "down" } } });
  });

  it("has nothing to settle when no loader deferred anything", () => {
    expect(splitLoaderData({ a: { x: 1 } }).settled).toBeUndefined();
  });
});

describe("reviving deferred values in the browser", () => {
  it("turns settled values back into promises whose outcome their sections read at once", async () => {
    const loaderData: Record<string, unknown> = { stores: { list: [1] } };
    reviveDeferred(loaderData, { stores: { categories: { value: ["a"] }, broken: { error: "down" } } });
    const data = loaderData.stores as Record<string, Promise<unknown>>;
    expect(settledOf(data.categories!)).toEqual({ ok: true, value: ["a"] });
    await expect(data.categories).resolves.toEqual(["a"]);
    expect(settledOf(data.broken!)).toMatchObject({ ok: false, reason: new Error("down") });
    await expect(data.broken).rejects.toThrow("down");
  });

  it("settledPromise and defer agree on the outcome, and neither writes React's thenable fields", async () => {
    const p = defer(Promise.resolve(5));
    expect(settledOf(p)).toBeUndefined();
    await p;
    expect(settledOf(p)).toEqual({ ok: true, value: 5 });
    const revived = settledPromise({ value: 5 });
    expect(settledOf(revived)).toEqual(settledOf(p));
    for (const promise of [p, revived]) expect(Object.keys(promise)).toEqual([]);
  });
});

describe("appendToBody", () => {
  it("inserts the tail before the closing tags React writes last, without holding earlier chunks", async () => {
    const out = appendToBody(streamOf("<html><body>shell", "<p>late</p></body></html>"), async () => "<script>TAIL</script>");
    expect(await new Response(out).text()).toBe("<html><body>shell<p>late</p><script>TAIL</script></body></html>");
  });

  it("finds the closing tags when a chunk boundary splits them, and holds back nothing else", async () => {
    const out = appendToBody(streamOf("<html><body>shell</bo", "dy></ht", "ml>"), async () => "<script>TAIL</script>");
    expect(await new Response(out).text()).toBe("<html><body>shell<script>TAIL</script></body></html>");
    const chunks: string[] = [];
    const reader = appendToBody(streamOf("<html><body>shell<", "p>late</p></body></html>"), async () => "T").getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(new TextDecoder().decode(next.value));
    expect(chunks).toEqual(["<html><body>shell", "<p>late</p>", "T", "</body></html>"]);
  });

  it("still appends the tail when the closing tags are missing", async () => {
    const out = appendToBody(streamOf("<p>x</p>"), async () => "T");
    expect(await new Response(out).text()).toBe("<p>x</p>T");
  });
});

describe("defer", () => {
  it("marks a failed read as rejected without a second, unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      const failed = defer(Promise.reject(new Error("read failed")));
      await failed.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settledOf(failed)).toMatchObject({ ok: false, reason: new Error("read failed") });
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });
});

describe("a deferred section", () => {
  const render = async (resolve: Promise<string>) => {
    const tree = createElement(
      "main",
      null,
      createElement(Deferred<string>, {
        resolve,
        fallback: createElement("i", null, "FALLBACK"),
        // biome-ignore lint/correctness/noChildrenProp: Deferred's children is a render function, which createElement's children arguments do not type
        children: (value: string) => createElement("p", null, value),
      }),
    );
    return new Response(await renderToReadableStream(tree)).text();
  };

  it("is in the shell, without its fallback, once its value has settled", async () => {
    const read = defer(Promise.resolve("from the edge cache"));
    await read;
    const html = await render(read);
    expect(html).toContain("<p>from the edge cache</p>");
    expect(html).not.toContain("FALLBACK");
  });

  it("streams after its fallback while its value is still on the way", async () => {
    const html = await render(defer(new Promise<string>((resolve) => setTimeout(() => resolve("from the origin"), 5))));
    expect(html.indexOf("FALLBACK")).toBeGreaterThan(-1);
    expect(html.indexOf("from the origin")).toBeGreaterThan(html.indexOf("FALLBACK"));
  });
});
