// @ts-check
/**
 * Renders the icons the stylesheet draws at first view to PNG with Debian's Chromium
 * (playwright-core), into client/icons/, from the SVG below and two files:
 *
 *   search, chevron-down, check-lg   Bootstrap Icons 1.13 (MIT), masks in the text's colour
 *   navbar-toggler                   Bootstrap 5.3's menu button lines (MIT), a mask
 *   select-light, select-dark        Bootstrap 5.3's select arrow in each theme's colour
 *   btn-close                        Bootstrap 5.3's close button cross, black (its dark
 *                                    theme inverts it with a filter)
 *   logo                             public/favicon.svg, the header's and the loader's logo
 *   bi-*                             the badges' icons, each symbol of client/badge-icons.svg
 *                                    (Bootstrap Icons 1.13), masks in the badge's text colour
 *
 * Why PNG: Chrome makes every SVG image, a `data:` URL in a stylesheet included, a document
 * of its own, parsed, styled, laid out and painted on the page's main thread: about 4 ms
 * each at 1x on the test host, against about 1 ms for a PNG (docs/performance.md, "Icons
 * as PNG"). At four times the size they are drawn (16 px → 64 px), they stay sharp on 3x
 * screens and at 200% zoom on 2x ones.
 *
 * Usage: node scripts/icon-masks.mjs   (commit the files it writes)
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "client", "icons");
const favicon = await readFile(path.join(ROOT, "public", "favicon.svg"), "utf8");
const badgeSprite = await readFile(path.join(ROOT, "client", "badge-icons.svg"), "utf8");
/** Four times the 16 px the site draws most of them at. */
const SCALE = 4;

/** Name → the SVG, and the CSS pixel size it is drawn at (the select arrow's box is 16 × 12,
 * the logo 28 × 28 in the header).
 * @type {Record<string, { size: [number, number], svg: string }>} */
const ICONS = {
  search: {
    size: [16, 16],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398h-.001q.044.06.098.115l3.85 3.85a1 1 0 0 0 1.415-1.414l-3.85-3.85a1 1 0 0 0-.115-.1zM12 6.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0"/></svg>`,
  },
  "chevron-down": {
    size: [16, 16],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M1.646 4.646a.5.5 0 0 1 .708 0L8 10.293l5.646-5.647a.5.5 0 0 1 .708.708l-6 6a.5.5 0 0 1-.708 0l-6-6a.5.5 0 0 1 0-.708"/></svg>`,
  },
  "check-lg": {
    size: [16, 16],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M13.854 3.646a.5.5 0 0 1 0 .708l-7 7a.5.5 0 0 1-.708 0l-3.5-3.5a.5.5 0 1 1 .708-.708L6.5 10.293l6.646-6.647a.5.5 0 0 1 .708 0"/></svg>`,
  },
  "navbar-toggler": {
    size: [16, 16],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 30"><path stroke="#000" stroke-linecap="round" stroke-miterlimit="10" stroke-width="2" d="M4 7h22M4 15h22M4 23h22"/></svg>`,
  },
  "btn-close": {
    size: [16, 16],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="#000"><path d="M.293.293a1 1 0 0 1 1.414 0L8 6.586 14.293.293a1 1 0 1 1 1.414 1.414L9.414 8l6.293 6.293a1 1 0 0 1-1.414 1.414L8 9.414l-6.293 6.293a1 1 0 0 1-1.414-1.414L6.586 8 .293 1.707a1 1 0 0 1 0-1.414"/></svg>`,
  },
  ...Object.fromEntries(
    [
      ["select-light", "#343a40"],
      ["select-dark", "#dee2e6"],
    ].map(([name, colour]) => [
      name,
      {
        size: [16, 12],
        svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path fill="none" stroke="${colour}" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="m2 5 6 6 6-6"/></svg>`,
      },
    ]),
  ),
  logo: { size: [28, 28], svg: favicon },
  ...Object.fromEntries(
    Array.from(badgeSprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16">([\s\S]*?)<\/symbol>/g), ([, id, body]) => [
      id,
      { size: [16, 16], svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${body}</svg>` },
    ]),
  ),
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage();
  for (const [name, { size, svg }] of Object.entries(ICONS)) {
    const [width, height] = [size[0] * SCALE, size[1] * SCALE];
    await page.setViewportSize({ width, height });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    await page.setContent(`<body style="margin:0"><img src="${src}" width="${width}" height="${height}" alt=""></body>`);
    await page.locator("img").evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    await writeFile(path.join(OUT, `${name}.png`), await page.screenshot({ omitBackground: true }));
  }
  console.log(`wrote ${Object.keys(ICONS).length} icons to client/icons/`);
} finally {
  await browser.close();
}
