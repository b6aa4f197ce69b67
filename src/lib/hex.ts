/** Bytes as lower-case hex, two digits each (ids, digests, keys). */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
