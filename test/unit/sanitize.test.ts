import { describe, expect, it } from "vitest";
import { isSafeImageSource, isSafeLink, sanitizeHtml, urlFromAttribute } from "../../src/data/sanitize";

describe("sanitizeHtml", () => {
  it("keeps the formatting editors use", () => {
    const html =
      '<h2>Plans</h2><p>Save <strong>20%</strong> <em>today</em>.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<table><thead><tr><th scope="col">Plan</th></tr></thead><tbody><tr><td colspan="2">Pro</td></tr></tbody></table>' +
      '<pre><code class="language-ts">let x = 1 &lt; 2;</code></pre><blockquote>quote</blockquote><img src="/api/files/c/r/a.png" alt="A" width="10" height="20">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("adds new-tab and nofollow to external links, and keeps site paths as they are", () => {
    expect(sanitizeHtml('<a href="https://partner.example/x?a=1&amp;b=2">p</a>')).toBe(
      '<a href="https://partner.example/x?a=1&amp;b=2" target="_blank" rel="noopener nofollow">p</a>',
    );
    expect(sanitizeHtml('<a href="/stores" target="_top" rel="opener">s</a>')).toBe('<a href="/stores">s</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com">m</a>')).toBe('<a href="mailto:help@example.com">m</a>');
  });

  it.each([
    ["<script>alert(1)</script>ok", "ok"],
    ["<img src=x onerror=alert(1)>", "<img>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,x">x</a>', "<a>x</a>"],
    ['<a href="vbscript:x">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/">x</a>', "<a>x</a>"],
    ['<a href="/\\evil.example/">x</a>', "<a>x</a>"],
    ['<p style="position:fixed" class="fixed-top" onclick="x()">p</p>', "<p>p</p>"],
    ["<svg onload=alert(1)><script>alert(1)</script></svg>after", "after"],
    ['<iframe src="https://evil.example"></iframe>x', "x"],
    ['<img src="https://tracker.example/p.gif">', "<img>"],
    ['<img src="/api/files/../../admin">', "<img>"],
    ['<code class="text-danger position-fixed">c</code>', "<code>c</code>"],
    ['<td width="100%">w</td>', "<td>w</td>"],
    ["<script>unclosed", ""],
  ])("neutralises %s", (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it("writes a checked URL back fully escaped, so a browser cannot decode it a second time", () => {
    expect(sanitizeHtml('<a href="/&#38;#92;evil.example/">x</a>')).toBe('<a href="/&amp;#92;evil.example/">x</a>');
    expect(sanitizeHtml('<img src="/api/files/&#38;#46;&#38;#46;/x.png">')).toBe('<img src="/api/files/&amp;#46;&amp;#46;/x.png">');
    expect(sanitizeHtml(`<a href="/search?q='x'&quot;">x</a>`)).toBe('<a href="/search?q=&#39;x&#39;&quot;">x</a>');
  });

  it("returns an empty string for missing values", () => {
    expect(sanitizeHtml("")).toBe("");
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(undefined)).toBe("");
  });
});

describe("URL checks", () => {
  it("reads URL attributes as a browser does", () => {
    expect(urlFromAttribute("&#106;&#x61;va&Tab;script&colon;x")).toBe("javascript:x");
    expect(urlFromAttribute("&#106&#97va\nscript:x")).toBe("javascript:x");
    expect(urlFromAttribute(" \u0001 /path?a=1&amp;b=2 ")).toBe("/path?a=1&b=2");
    expect(urlFromAttribute("/x&unknown;y&#0;")).toBe("/x&unknown;y\ufffd");
  });

  it("accepts site paths, fragments and web, mail and phone links only", () => {
    for (const ok of ["/a", "#top", "?q=1", "https://x.example", "http://x.example", "mailto:a@b.c", "tel:+1"]) expect(isSafeLink(ok)).toBe(true);
    for (const bad of ["javascript:x", "data:x", "//x", "/\\x", "ftp://x", "x", ""]) expect(isSafeLink(bad)).toBe(false);
  });
  it("accepts images from the file store only", () => {
    expect(isSafeImageSource("/api/files/col/rec/a.png")).toBe(true);
    for (const bad of ["https://x/a.png", "/api/files/%2e%2e/x", "/api/files/a\\b", "/elsewhere.png"]) expect(isSafeImageSource(bad)).toBe(false);
  });
});
