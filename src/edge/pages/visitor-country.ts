import type { Context } from "hono";
import { html } from "hono/html";
import { COUNTRY_COOKIE, COUNTRY_COOKIE_ATTRIBUTES, COUNTRY_COOKIE_MAX_AGE_S } from "../../lib/country-choice";
import { COUNTRY_META, COUNTRY_PATH } from "../../lib/country-page";
import { COUNTRY_CODES, countryCode } from "../../lib/countries";
import { countryName } from "../../lib/country-name";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { safeReturnPath } from "../../lib/newsletter";
import type { AppEnv } from "../app-env";
import { page } from "./plain-page";
import { secureCookies } from "../middleware/secure-cookies";
import { fromThisSite } from "../posts/visitor-post";

/**
 * The visitor's country (issue 36): their own choice (the dp_country cookie, set by the
 * country control) wins over Cloudflare's `CF-IPCountry`. Anything that is not a known
 * ISO 3166-1 alpha-2 code (none, `XX`, `T1`) is unknown: null, the worldwide view.
 */
export function visitorCountry(request: Request): string | null {
  return countryCode(readCookie(request.headers.get("Cookie"), COUNTRY_COOKIE)) ?? countryCode(request.headers.get("CF-IPCountry"));
}

/**
 * The page answered with the visitor's country named in its head, for the browser's own
 * loaders (client/entry.tsx). Added after the page cache: a page that lists no
 * country-limited offer is one stored copy for every country.
 */
export function withCountryMeta(response: Response, country: string | null): Response {
  if (country === null || !/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return response;
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append(`<meta name="${COUNTRY_META}" content="${country}">`, { html: true });
      },
    })
    .transform(response);
}

// The choices, by name: built once per isolate (names come from the runtime's ICU data).
let choices: { code: string; name: string }[] | undefined;

/**
 * GET /country[?back=/path]: the country control. "Offers for: Germany", and a plain form
 * (no JavaScript) to choose another country, for travellers and VPN users. A page of the
 * Worker's, never cached anywhere: it names this visitor's country.
 */
export function countryPage(c: Context<AppEnv>): Response | Promise<Response> {
  c.header("Cache-Control", "private, no-store");
  const country = visitorCountry(c.req.raw);
  const back = safeReturnPath(c.req.query("back"));
  choices ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
  const options = choices.map(({ code, name }) => html`<option value="${code}"${code === country ? " selected" : ""}>${name}</option>`);
  return page(
    c,
    200,
    "Offers for your country",
    html`<p>Offers for: <strong>${country ? countryName(country) : "every country"}</strong></p>
<p>${country ? "Offers valid only in other countries are not offered to you; a store's page lists them last, for reference." : "We could not tell which country you are in, so every offer is shown."} Travelling, or using a VPN? Choose the country whose offers you want.</p>
<form method="post" action="${COUNTRY_PATH}"><input type="hidden" name="back" value="${back}"><label for="country">Country</label> <select id="country" name="country"><option value=""${country === null ? " selected" : ""}>Where I am</option>${options}</select> <button type="submit">Show offers</button></form>
<p><a href="${back}">Back</a></p>`,
  );
}

/** The form has two short fields. */
export const COUNTRY_CHOICE_MAX_BODY_BYTES = 2048;

/**
 * POST /country with `country` (a code, or empty for "where I am") and `back` (the page
 * the control was on): sets or clears the choice cookie and goes back to that page, which
 * then shows the offers of the chosen country. A plain form: it works without JavaScript.
 */
export async function countryChoice(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    body = {};
  }
  const raw = typeof body.country === "string" ? body.country : undefined;
  const chosen = countryCode(raw);
  if (raw === undefined || (raw !== "" && chosen === null)) return c.text("country must be a country code, or empty for the country you are in.", 400);
  const options = { ...COUNTRY_COOKIE_ATTRIBUTES, secure: secureCookies(c) };
  c.header(
    "Set-Cookie",
    chosen
      ? serializeCookie(COUNTRY_COOKIE, chosen, { ...options, maxAge: COUNTRY_COOKIE_MAX_AGE_S })
      : serializeCookie(COUNTRY_COOKIE, "", { ...options, maxAge: 0 }),
  );
  return c.redirect(safeReturnPath(body.back), 303);
}
