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
/** Where a marketer or an editor asks PocketBase for a password reset email (docs/reports.md). */
export const PASSWORD_RESET_PATH = "/admin/password-reset";

/** Where the cookie travels: a marketer's only to /admin (reports, links), an editor's to
 * every page, which it previews with drafts. */
export function sessionCookiePath(collection: AccountCollection): string {
  return collection === "editors" ? "/" : "/admin";
}

const ADMIN_PAGE = /^\/admin\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_%.+-]*)?$/;
const SITE_PAGE = /^\/(?!\/)[A-Za-z0-9/_%.-]*(\?[A-Za-z0-9=&_%.+-]*)?$/;

/** Where a sign-in may send the browser afterwards: a page of this site, nothing else (an
 * editor's to any page, which it previews; a marketer's to /admin only); the account's own
 * start page when none is given. Before the account is known (the form's hidden field) it
 * is the page asked for, or nothing: a default chosen then would send an editor to the
 * marketers' reports. */
export function adminReturnPath(value: unknown, collection?: AccountCollection): string {
  const asked = typeof value === "string" && SITE_PAGE.test(value) && !value.startsWith("/admin/sign-") ? value : "";
  if (!collection) return asked;
  if (ADMIN_PAGE.test(asked) || (collection === "editors" && asked)) return asked;
  return collection === "editors" ? "/" : "/admin/reports";
}
