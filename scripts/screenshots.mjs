// @ts-check
/**
 * Screenshots of the main screens at phone and desktop widths in light and dark themes,
 * against the full local stack on free ports (stopped afterwards).
 * Usage: node scripts/screenshots.mjs [--no-js] [outDir=screenshots] [path ...]
 * With --no-js, JavaScript is off and each page is the page cache's stored copy (what a
 * visitor without JavaScript gets once the first visitor has passed; files end in -nojs).
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { freePort, prepareSeededDataDir } from "../pocketbase/run.mjs";
import { startStack } from "./dev-stack.mjs";

const noJs = process.argv.includes("--no-js");
const [outDir = "screenshots", ...paths] = process.argv.slice(2).filter((arg) => arg !== "--no-js");
const pages = paths.length ? paths : ["/stores", "/about-us", "/contact-us", "/privacy-policy", "/not-found"];
const email = "screens@dealpilot.local";
const password = "screens-password-1";

const dataDir = await mkdtemp(path.join(tmpdir(), "pb-screens-"));
await prepareSeededDataDir({ targetDir: dataDir, email, password });
const stack = await startStack({ dataDir, pbPort: await freePort(), port: await freePort(), email, password, quiet: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
/** Requests `url` until the page cache answers it from its stored copy.
 * @param {string} url */
async function storedInPageCache(url) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.headers.get("X-Edge-Cache") === "HIT") return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not stored in the page cache`);
}

/** Scrolls to the end a screen at a time and back, as a reader would: a full-page shot does not
 * scroll, so images loaded lazily and sections that hydrate on view would show as the reader
 * never sees them.
 * @param {import("playwright-core").Page} page */
async function scrollThrough(page) {
  const screens = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight / innerHeight));
  for (let screen = 1; screen <= screens; screen++) {
    await page.evaluate((at) => scrollTo(0, at * innerHeight), screen);
    await page.waitForTimeout(100);
  }
  // Not every image completes (a carousel's slides out of view stay lazy): a fixed settle.
  await page.waitForTimeout(1000);
  await page.evaluate(() => scrollTo(0, 0));
}

try {
  await mkdir(outDir, { recursive: true });
  for (const theme of ["light", "dark"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: /** @type {"light" | "dark"} */ (theme),
        javaScriptEnabled: !noJs,
      });
      await context.route(/googletagmanager|google-analytics/, (route) => route.abort());
      const page = await context.newPage();
      for (const p of pages) {
        if (noJs) await storedInPageCache(stack.siteUrl + p);
        await page.goto(stack.siteUrl + p, { waitUntil: "networkidle" });
        await scrollThrough(page);
        const file = path.join(outDir, `${p.replace(/\W+/g, "_").replace(/^_/, "") || "home"}-${width}-${theme}${noJs ? "-nojs" : ""}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
