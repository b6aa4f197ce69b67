/** The value of cookie `name` in a Cookie header (or `document.cookie`), undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAge: number;
  /** Off only for plain-http local development, where browsers would drop a Secure cookie. */
  secure: boolean;
  /** For cookies only the Worker reads (the votes cookie). */
  httpOnly?: boolean;
}

/** A first-party, site-wide, SameSite=Lax cookie. Readable by the page on purpose unless
 * `httpOnly`: the browser code mirrors it (tracking data) or honours it (opt-out). */
export function serializeCookie(name: string, value: string, { maxAge, secure, httpOnly = false }: CookieOptions): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}${httpOnly ? "; HttpOnly" : ""}`;
}
