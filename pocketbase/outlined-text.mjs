// @ts-check
/**
 * Text for the demo images, drawn as outlines of Inter's glyphs instead of SVG `<text>`.
 *
 * Why: a browser lays out an SVG image's text on the page's main thread, in a document of
 * its own for each image, matching the font list and shaping every line again: on a phone,
 * main-thread time for every page that shows the demo's logos, thumbnails and banners
 * (docs/performance.md, "The demo images' text"). Logos and banners uploaded by editors,
 * pictures or outlined SVG, cause no such work. Outlines also look the same on every
 * machine, whatever fonts it has.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype from "opentype.js";

/** @typedef {400 | 600 | 700 | 800} Weight */
/** @typedef {import("opentype.js").Font} Font */
/** @typedef {import("opentype.js").Glyph} Glyph */
/** @typedef {import("opentype.js").PathCommand} PathCommand */

const require = createRequire(import.meta.url);
/** @type {Map<Weight, Font>} */
const fonts = new Map();

/** Inter at `weight`, Latin subset, parsed on first use. @param {Weight} weight */
function inter(weight) {
  let font = fonts.get(weight);
  if (!font) {
    const file = readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
    font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    fonts.set(weight, font);
  }
  return font;
}

/** A glyph's outline at the origin and its advance, per weight, size and character: demo
 * content at scale repeats the same few hundred. @type {Map<string, { glyph: Glyph, commands: PathCommand[], advance: number }>} */
const glyphs = new Map();

/** @param {Weight} weight @param {number} size @param {string} char */
function glyphOf(weight, size, char) {
  const key = `${weight} ${size} ${char}`;
  let entry = glyphs.get(key);
  if (!entry) {
    const font = inter(weight);
    const glyph = font.charToGlyph(char);
    // Index 0 is the font's "missing glyph" box: a demo text Inter's Latin subset cannot draw.
    if (glyph.index === 0) throw new Error(`Inter has no glyph for ${JSON.stringify(char)} (U+${char.codePointAt(0)?.toString(16)})`);
    entry = { glyph, commands: glyph.getPath(0, 0, size).commands, advance: ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm };
    glyphs.set(key, entry);
  }
  return entry;
}

/** Laid out left to right with the font's kerning: each glyph's outline and where it starts.
 * @param {string} text @param {number} size @param {Weight} weight */
function layout(text, size, weight) {
  const font = inter(weight);
  const scale = size / font.unitsPerEm;
  /** @type {{ commands: PathCommand[], x: number }[]} */
  const placed = [];
  let x = 0;
  /** @type {Glyph | undefined} */
  let previous;
  for (const char of text) {
    const { glyph, commands, advance } = glyphOf(weight, size, char);
    if (previous) x += font.getKerningValue(previous, glyph) * scale;
    placed.push({ commands, x });
    x += advance;
    previous = glyph;
  }
  return { placed, width: x };
}

/** Coordinates are written in whole canvas units for large text and in tenths for small
 * text, whose outlines a unit's rounding visibly bends where the site shows the images
 * enlarged (a 22 px caption at 1:1 on a 2x screen). */
const FINE_BELOW_SIZE = 40;

/**
 * Path data in relative commands, each step taken between rounded points so that rounding
 * never accumulates along an outline: about half the bytes of absolute coordinates.
 * @param {{ commands: PathCommand[], x: number }[]} placed @param {number} left @param {number} baseline @param {number} size
 */
function pathData(placed, left, baseline, size) {
  const unit = size < FINE_BELOW_SIZE ? 10 : 1;
  let d = "";
  /** The current point and the current contour's first one, in rounded units. */
  let at = { x: 0, y: 0 };
  let start = at;
  /** A point relative to the current one; only a segment's end point moves the current one. */
  const step = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ dx, end = false) => {
    const point = { x: Math.round((x + left + dx) * unit), y: Math.round((y + baseline) * unit) };
    const text = `${(point.x - at.x) / unit} ${(point.y - at.y) / unit}`;
    if (end) at = point;
    return text;
  };
  for (const { commands, x: dx } of placed) {
    for (const c of commands) {
      if (c.type === "M") {
        d += `m${step(c.x, c.y, dx, true)}`;
        start = at;
      } else if (c.type === "L") d += `l${step(c.x, c.y, dx, true)}`;
      else if (c.type === "Q") d += `q${step(c.x1, c.y1, dx)} ${step(c.x, c.y, dx, true)}`;
      else if (c.type === "C") d += `c${step(c.x1, c.y1, dx)} ${step(c.x2, c.y2, dx)} ${step(c.x, c.y, dx, true)}`;
      else {
        // Closing a contour returns the current point to where the contour began.
        d += "z";
        at = start;
      }
    }
  }
  return d.replace(/ -/g, "-");
}

/**
 * `text` as one SVG `<path>`, its baseline starting at (x, y), or centred on x with
 * `anchor: "middle"`, as `<text text-anchor>` places it.
 * @param {{ text: string, x: number, y: number, size: number, weight?: Weight, anchor?: "start" | "middle",
 *   fill: string, opacity?: number }} options
 */
export function outlinedText({ text, x, y, size, weight = 400, anchor = "start", fill, opacity }) {
  const { placed, width } = layout(text, size, weight);
  const d = pathData(placed, anchor === "middle" ? x - width / 2 : x, y, size);
  return `<path d="${d}" fill="${fill}"${opacity === undefined ? "" : ` opacity="${opacity}"`}/>`;
}
