import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { PNG_SCALE, qrPng, qrSvg } from "../../src/edge/links/qr-image";

/**
 * The short links' QR codes (src/edge/links/qr-image.ts) read back by tools nobody here
 * wrote: pngjs decodes the PNG, jsQR reads the code from its pixels. The browser test
 * (test/e2e/links.test.ts) reads the downloads the same way, and the SVG as Chromium draws it.
 */

const decode = (png: PNG) => jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;

describe("short links' QR codes", () => {
  it.each(["http://127.0.0.1:8787/l/Spring-Sale", "https://www.dealpilot.example/l/x7k2m9p", `https://www.dealpilot.example/l/${"a".repeat(50)}`])(
    "encode %s as a PNG any reader reads back",
    async (url) => {
      const png = PNG.sync.read(Buffer.from(await qrPng(url)));
      expect(png.width).toBe(png.height);
      expect(png.width % PNG_SCALE).toBe(0);
      expect(decode(png)).toBe(url);
    },
  );

  it("keeps the quiet zone white and draws only black and white", async () => {
    const png = PNG.sync.read(Buffer.from(await qrPng("https://www.dealpilot.example/l/quiet")));
    const grey = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) grey.add(png.data[i]!);
    expect([...grey].sort()).toEqual([0, 255]);
    for (let x = 0; x < png.width; x++) for (let y = 0; y < 4 * PNG_SCALE; y++) expect(png.data[(y * png.width + x) * 4], `${x},${y}`).toBe(255);
  });

  it("draws the same modules in the SVG as in the PNG", async () => {
    const url = "https://www.dealpilot.example/l/same";
    const svg = qrSvg(url);
    const size = Number(svg.match(/viewBox="0 0 (\d+) \1"/)![1]);
    const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) for (let i = 0; i < Number(w); i++) dark[Number(y)]![Number(x) + i] = true;
    const png = PNG.sync.read(Buffer.from(await qrPng(url)));
    expect(png.width).toBe(size * PNG_SCALE);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const pixel = png.data[((y * PNG_SCALE + 3) * png.width + x * PNG_SCALE + 3) * 4];
        expect(pixel === 0, `${x},${y}`).toBe(dark[y]![x]);
      }
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+"/);
  });
});
