import type { CookieAttributes } from "./cookies";

/** The visitor's own choice of country (issue 36): an ISO 3166-1 alpha-2 code. */
export const COUNTRY_COOKIE = "dp_country";
export const COUNTRY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Lax: a visitor arriving from another site (a newsletter link) sees the offers of the
 * country they chose. HttpOnly: the browser learns the country from the page itself. */
export const COUNTRY_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Lax", httpOnly: true };
