/** The value of cookie `name` in a Cookie header (or `document.cookie`), undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The attributes a cookie of ours carries, as tight as its use allows. Each cookie states
 * them once beside its name; the serializer and the cookie policy page both read them.
 */
export interface CookieAttributes {
  /** Strict unless the cookie must travel on a navigation that starts on another site. */
  sameSite: "Strict" | "Lax";
  /** HttpOnly unless the browser code must read or write the cookie. */
  httpOnly: boolean;
}

export interface CookieOptions extends CookieAttributes {
  maxAge: number;
  /** Off only for plain-http local development, where browsers would drop a Secure cookie. */
  secure: boolean;
  /** Where the browser sends it; the whole site unless the cookie serves one part of it. */
  path?: string;
}

/** A first-party cookie with the given attributes. */
export function serializeCookie(name: string, value: string, { maxAge, secure, sameSite, httpOnly, path = "/" }: CookieOptions): string {
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; SameSite=${sameSite}${secure ? "; Secure" : ""}${httpOnly ? "; HttpOnly" : ""}`;
}
