import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import { renderMarkdown } from "../../src/data/markdown";
import { sanitizeHtml } from "../../src/data/sanitize";
import { getWebsite } from "../../src/data/website";
import { memoizeByInput } from "../../src/lib/memo";

describe("memoizeByInput", () => {
  const counted = () => {
    const calls: string[] = [];
    return {
      calls,
      fn: (input: string) => {
        calls.push(input);
        return input.toUpperCase();
      },
    };
  };

  it("works a result out once per distinct input", () => {
    const { calls, fn } = counted();
    const memo = memoizeByInput(fn, { maxEntries: 10, maxInputLength: 100 });
    expect([memo("a"), memo("b"), memo("a"), memo("a")]).toEqual(["A", "B", "A", "A"]);
    expect(calls).toEqual(["a", "b"]);
  });

  it("keeps at most maxEntries results, dropping the least recently used", () => {
    const { calls, fn } = counted();
    const memo = memoizeByInput(fn, { maxEntries: 2, maxInputLength: 100 });
    memo("a");
    memo("b");
    memo("a"); // a is now the most recently used: b goes first
    memo("c");
    memo("a");
    memo("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("does not keep inputs longer than maxInputLength", () => {
    const { calls, fn } = counted();
    const memo = memoizeByInput(fn, { maxEntries: 10, maxInputLength: 3 });
    memo("long");
    memo("long");
    expect(calls).toEqual(["long", "long"]);
  });
});

describe("content work once per distinct content", () => {
  it("sanitizes a text once and answers the same string after", () => {
    const html = `<p>Terms ${Math.random()}</p><script>x</script>`;
    const first = sanitizeHtml(html);
    expect(sanitizeHtml(html)).toBe(first);
    expect(first).not.toContain("script");
  });

  it("parses an article's markdown once and shares frozen blocks", () => {
    const markdown = `# Title ${Math.random()}\n\n\`\`\`js\nlet x = 1;\n\`\`\`\n`;
    const blocks = renderMarkdown(markdown);
    expect(renderMarkdown(markdown)).toBe(blocks);
    expect(Object.isFrozen(blocks) && blocks.every((block) => Object.isFrozen(block))).toBe(true);
  });
});

describe("the frame's site-settings read", () => {
  it("expands only the footer's categories, not the featured stores the frame never shows", async () => {
    const urls: string[] = [];
    const content = createContentClient({
      baseUrl: "http://pb.test",
      fetch: async (input) => {
        urls.push(String(input));
        return Response.json({ id: "9", collectionName: "websites" });
      },
    });
    await getWebsite(content);
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0] ?? "").searchParams.get("expand")).toBe("footer_categories");
  });
});
