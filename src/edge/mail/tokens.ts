import { MAIL_TIMING } from "../../lib/rules";

/**
 * The signed links in our emails (docs/email.md): `<purpose>.<subscriber>.<issued>.<signature>`,
 * the signature an HMAC-SHA256 (MAIL_TOKEN_SECRET) of the rest, base64url. A link is good
 * for its purpose only, for a fixed time from when it was made: a confirmation 7 days, an
 * unsubscribe link a year (CAN-SPAM asks at least 30 days; mail is read late), the
 * preferences page 90 days. Nothing is stored: a new secret voids every link made before.
 */
export type TokenPurpose = "confirm" | "unsubscribe" | "manage";

const DAY_S = 86_400;
const CODES: Record<TokenPurpose, string> = { confirm: "c", unsubscribe: "u", manage: "m" };
export const TOKEN_LIFETIME_S: Record<TokenPurpose, number> = {
  confirm: MAIL_TIMING.confirm_days * DAY_S,
  unsubscribe: 365 * DAY_S,
  manage: 90 * DAY_S,
};
const TOKEN = /^([cum])\.([a-z0-9]{15})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface TokenClaims {
  subscriber: string;
  /** When the link was made (ms since the epoch): a confirmation confirms what had been asked for by then. */
  issuedAt: number;
}

// Module scope on purpose, and only for this: the HMAC key made from the Worker's own secret
// (never visitor data), imported once per isolate; a new secret makes a new key.
let imported: { secret: string; key: CryptoKey } | undefined;

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (imported?.secret === secret) return imported.key;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  imported = { secret, key };
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function signToken(secret: string, purpose: TokenPurpose, subscriber: string, now = Date.now()): Promise<string> {
  const body = `${CODES[purpose]}.${subscriber}.${Math.floor(now).toString(36)}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(body));
  return `${body}.${base64url(signature)}`;
}

/** The link's claims; "expired" for a genuine link past its time; null for anything else. */
export async function readToken(secret: string, purpose: TokenPurpose, token: string, now = Date.now()): Promise<TokenClaims | "expired" | null> {
  const match = TOKEN.exec(token);
  if (!match || match[1] !== CODES[purpose]) return null;
  const [, code, subscriber, issued, signature] = match as unknown as [string, string, string, string, string];
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    fromBase64url(signature),
    new TextEncoder().encode(`${code}.${subscriber}.${issued}`),
  );
  if (!valid) return null;
  const issuedAt = Number.parseInt(issued, 36);
  if (issuedAt > now + 60_000) return null;
  if (now - issuedAt > TOKEN_LIFETIME_S[purpose] * 1000) return "expired";
  return { subscriber, issuedAt };
}
