// @ts-check
/**
 * Renders the raster brand images in public/ from public/favicon.svg with Debian's
 * Chromium (playwright-core), so they stay in step with the logo:
 *
 *   public/logo-512.png  512 × 512, the Organization logo of the structured data (Google
 *                        wants a raster logo of at least 112 px; the favicon is a 32 px SVG)
 *   public/og-home.png   1200 × 630, the home page's sharing image (og:image)
 *
 * Usage: node scripts/brand-images.mjs   (commit the two files it writes)
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const svg = await readFile(path.join(PUBLIC, "favicon.svg"), "utf8");
const logo = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

const SHARE_CARD = `
<body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;justify-content:center;gap:48px;padding:0 64px;box-sizing:border-box;
  background:#0a3d91;font-family:'DejaVu Sans',Arial,sans-serif;color:#fff">
  <img src="${logo}" width="240" height="240" alt="">
  <div>
    <div style="font-size:104px;font-weight:700;letter-spacing:-2px">DealPilot</div>
    <div style="font-size:31px;opacity:.92;margin-top:12px">Verified coupons, deals and software reviews</div>
  </div>
</body>`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  await page.setContent(`<body style="margin:0"><img src="${logo}" width="512" height="512" alt=""></body>`);
  await page.screenshot({ path: path.join(PUBLIC, "logo-512.png"), omitBackground: true });
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(SHARE_CARD);
  await page.screenshot({ path: path.join(PUBLIC, "og-home.png") });
  console.log("wrote public/logo-512.png and public/og-home.png");
} finally {
  await browser.close();
}
