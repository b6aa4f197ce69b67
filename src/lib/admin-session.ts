import type { CookieAttributes } from "./cookies";

/** The reports' session cookie (/admin): the PocketBase token of a marketer or superuser. */
export const ADMIN_SESSION_COOKIE = "dp_admin";
/** Strict: sent only from the site's own pages; HttpOnly: no script ever needs it. */
export const ADMIN_SESSION_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Strict", httpOnly: true };

/** Where a sign-in may send the browser afterwards: a reports page of this site, nothing else. */
export function adminReturnPath(value: unknown): string {
  return typeof value === "string" && /^\/admin\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_%.+-]*)?$/.test(value) && !value.startsWith("/admin/sign-")
    ? value
    : "/admin/reports";
}
