import type { CookieAttributes } from "./cookies";

/** The session cookie of the people who sign in on the site (src/edge/admin/session.ts): a
 * marketer's or an editor's PocketBase token with the Worker's signature. Strict: sent only
 * from the site's own pages; HttpOnly: no script ever needs it. */
export const ADMIN_SESSION_COOKIE = "dp_admin";
export const ADMIN_SESSION_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Strict", httpOnly: true };

/** The accounts that sign in on the site, in the order a sign-in tries them. Superusers
 * never do: they work in PocketBase's admin UI. */
export const ACCOUNT_COLLECTIONS = ["marketers", "editors"] as const;
export type AccountCollection = (typeof ACCOUNT_COLLECTIONS)[number];

export const SIGN_IN_PATH = "/admin/sign-in";

/** Where the cookie travels: a marketer's only to /admin (reports, links), an editor's to
 * every page, which it previews with drafts. */
export function sessionCookiePath(collection: AccountCollection): string {
  return collection === "editors" ? "/" : "/admin";
}

/** Where a sign-in may send the browser afterwards: a page of this site, nothing else; the
 * account's own start page when none is given. */
export function adminReturnPath(value: unknown, collection?: AccountCollection): string {
  if (typeof value === "string" && /^\/admin\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_%.+-]*)?$/.test(value) && !value.startsWith("/admin/sign-")) return value;
  if (collection === "editors" && typeof value === "string" && /^\/(?!\/)[A-Za-z0-9/_%.-]*(\?[A-Za-z0-9=&_%.+-]*)?$/.test(value)) return value;
  return collection === "editors" ? "/" : "/admin/reports";
}
