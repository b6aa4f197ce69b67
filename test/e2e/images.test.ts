import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SEED_COLLECTIONS } from "../../pocketbase/seed-content.mjs";
import type { ListResult } from "../../src/data/types";
import { launchChromium, siteUrl } from "./browser";

let browser: Browser;
let comparisonWithSmallCard: string;
let blogWithSmallCard: string;

async function firstId(collection: string, filter: string): Promise<string> {
  const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/${collection}/records?perPage=1&fields=id&filter=${encodeURIComponent(filter)}`);
  return ((await response.json()) as ListResult<{ id: string }>).items[0]!.id;
}

beforeAll(async () => {
  browser = await launchChromium();
  comparisonWithSmallCard = `/comparision/${await firstId("_zdata_comparisons", 'secondery_product_cardtype = "small"')}`;
  blogWithSmallCard = `/blog/x/${await firstId("_zdata_articles", 'product_cardtype = "small" && product != ""')}`;
});
afterAll(async () => {
  await browser?.close();
});

interface Drawn {
  src: string;
  fit: string;
  natural: number;
  shown: number;
}

/** Every loaded image in the page's main content, with its fit and its natural and shown proportions. */
async function images(page: Page): Promise<Drawn[]> {
  // Lazy images load as they near the viewport.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  return page.locator("main img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.complete && img.naturalWidth > 0 && img.clientWidth > 0)
      .map((img) => ({
        src: img.currentSrc,
        fit: getComputedStyle(img).objectFit,
        natural: img.naturalWidth / img.naturalHeight,
        shown: img.clientWidth / img.clientHeight,
      })),
  );
}

/** Text drawn into the pictures (the seed's SVGs, and a CMS's banners) must never be cut off:
 * a cropping fit ('cover') is allowed only where the box has the picture's own proportions;
 * 'fill' (stretching) never. */
function cropped(drawn: Drawn[]): string[] {
  return drawn
    .filter((d) =>
      d.fit === "fill" ? Math.abs(d.natural - d.shown) / d.natural > 0.02 : d.fit === "cover" && Math.abs(d.natural - d.shown) / d.natural > 0.02,
    )
    .map((d) => `${d.src} (${d.fit}: ${d.natural.toFixed(2)} drawn in ${d.shown.toFixed(2)})`);
}

describe("images keep their proportions and their text", () => {
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`small product cards, article cards and heroes (${width} px, ${colorScheme})`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
        for (const path of [comparisonWithSmallCard, blogWithSmallCard, "/blog", "/comparisions"]) {
          await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
          // On a busy host a lazy picture may still be decoding when the network goes idle.
          await expect.poll(async () => (await images(page)).length, { message: path, timeout: 15_000 }).toBeGreaterThan(0);
          const drawn = await images(page);
          expect(cropped(drawn), path).toEqual([]);
        }
        const small = page.locator(".product-card-small img");
        await page.goto(`${siteUrl()}${comparisonWithSmallCard}`, { waitUntil: "networkidle" });
        const box = (await small.first().boundingBox())!;
        expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
        await page.close();
      });
    }
  }

  it("search results and store lists (390 and 1280 px)", async () => {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const path of ["/search?q=vpn", "/stores", "/offers"]) {
        await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
        expect(cropped(await images(page)), `${path} at ${width}`).toEqual([]);
      }
      await page.close();
    }
  });
});

describe("text drawn into the seeded pictures", () => {
  /** Every SVG file of the seeded content: logos, banners, thumbnails, screenshots… */
  async function seededSvgs(): Promise<string[]> {
    const urls: string[] = [];
    for (const [, collection] of SEED_COLLECTIONS) {
      const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/${collection}/records?perPage=500`);
      if (!response.ok) continue;
      for (const record of ((await response.json()) as ListResult<Record<string, unknown>>).items) {
        for (const value of Object.values(record)) {
          for (const file of [value].flat()) {
            if (typeof file === "string" && file.endsWith(".svg"))
              urls.push(`${inject("pocketbaseUrl")}/api/files/${String(record.collectionId)}/${String(record.id)}/${file}`);
          }
        }
      }
    }
    return urls;
  }

  it("stays inside the picture, as Chromium lays it out", async () => {
    const urls = await seededSvgs();
    expect(urls.length).toBeGreaterThan(100);
    const svgs = await Promise.all(urls.map(async (url) => ({ url, markup: await (await fetch(url)).text() })));
    const page = await browser.newPage();
    await page.setContent("<!doctype html><body></body>");
    // The text is drawn as outlines (pocketbase/outlined-text.mjs): one path per line, and
    // the category icons' glyphs are paths too.
    const { drawn, overflowing } = await page.evaluate((pictures) => {
      const found: string[] = [];
      let count = 0;
      for (const { url, markup } of pictures) {
        document.body.innerHTML = markup;
        const svg = document.body.querySelector("svg")!;
        const { width, height } = svg.viewBox.baseVal;
        for (const shape of Array.from(svg.querySelectorAll<SVGGraphicsElement>("path, text"))) {
          count++;
          const box = shape.getBBox();
          const corner = (x: number, y: number) => new DOMPoint(x, y).matrixTransform(shape.transform.baseVal.consolidate()?.matrix);
          const [topLeft, bottomRight] = [corner(box.x, box.y), corner(box.x + box.width, box.y + box.height)];
          if (topLeft.x < 0 || topLeft.y < 0 || bottomRight.x > width || bottomRight.y > height)
            found.push(`${url.split("/api/files/")[1]}: a ${shape.tagName} spans ${Math.round(topLeft.x)}–${Math.round(bottomRight.x)} of ${width}`);
        }
      }
      return { drawn: count, overflowing: found };
    }, svgs);
    await page.close();
    expect(drawn).toBeGreaterThan(urls.length / 2);
    expect(overflowing).toEqual([]);
  });
});
