import encodeQR from "qr";
import { crc32 } from "../../lib/crc32";

/**
 * A short link's QR code as the builder offers it (docs/links.md): the symbol is encoded by
 * the `qr` library (error correction M, which survives a smudge or a crease on print), with
 * the four-module quiet zone ISO/IEC 18004 asks for, then drawn here as an SVG (a path of
 * dark runs on white, for print) and as a greyscale PNG (for posts and documents).
 */

const QUIET_ZONE = 4;
/** Pixels per module in the PNG: 37 modules of a typical link's code make 296 px. */
export const PNG_SCALE = 8;

/** The code's modules, quiet zone included: true is dark. */
function modules(text: string): boolean[][] {
  return encodeQR(text, "raw", { ecc: "medium", border: QUIET_ZONE });
}

/** An SVG of the code: one path of each row's dark runs, on a white square, crisp when scaled. */
export function qrSvg(text: string): string {
  const rows = modules(text);
  const size = rows.length;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`;
    }
  });
  const pixels = size * PNG_SCALE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** One PNG chunk: length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG of the code (8-bit greyscale, PNG_SCALE pixels per module): every scanline unfiltered, zlib-deflated. */
export async function qrPng(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const rows = modules(text);
  const width = rows.length * PNG_SCALE;
  const raw = new Uint8Array((width + 1) * width);
  for (let y = 0; y < width; y++) {
    const row = rows[Math.floor(y / PNG_SCALE)] ?? [];
    const offset = y * (width + 1);
    for (let x = 0; x < width; x++) raw[offset + 1 + x] = row[Math.floor(x / PNG_SCALE)] ? 0 : 255;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, width);
  header.set([8, 0, 0, 0, 0], 8);
  const parts = [new Uint8Array(PNG_SIGNATURE), chunk("IHDR", header), chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
