import { toHex } from "../lib/hex";

/**
 * HMAC-SHA-256 with the Worker's own secrets (never visitor data): the events' count keys
 * (EVENTS_KEY_SECRET) and the session cookie's signature (SESSION_SECRET).
 */

// Module scope on purpose, and only for this: keys made from the Worker's secrets, imported
// once per isolate instead of once per use; a new secret makes a new key. Only settled keys
// are kept (no promise shared between requests).
const imported = new Map<string, CryptoKey>();

async function hmacKey(secret: string): Promise<CryptoKey> {
  const held = imported.get(secret);
  if (held) return held;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  imported.set(secret, key);
  return key;
}

/** The MAC of `text` under `secret`, as lower-case hex of its first `bytes` bytes. */
export async function hmacHex(secret: string, text: string, bytes = 32): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(text)));
  return toHex(mac.subarray(0, bytes));
}

/** Whether `mac` (hex, as hmacHex writes it) is the MAC of `text`; compared in constant time. */
export async function hmacMatches(secret: string, text: string, mac: string): Promise<boolean> {
  if (!/^[0-9a-f]{2,64}$/.test(mac) || mac.length % 2 !== 0) return false;
  const expected = await hmacHex(secret, text, mac.length / 2);
  let difference = 0;
  for (let i = 0; i < mac.length; i++) difference |= mac.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** Hex SHA-256 of a text (as PocketBase's $security.sha256 writes it). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}
