const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE, as Go's hash/crc32, zlib and PNG compute it) of bytes, or of a string's UTF-8 bytes. */
export function crc32(input: string | Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of typeof input === "string" ? new TextEncoder().encode(input) : input) crc = (TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
