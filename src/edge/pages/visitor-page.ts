import type { Context } from "hono";
import { COUNTRY_COOKIE } from "../../lib/country-choice";
import { CHOSEN_ATTRIBUTE, COUNTRY_META, COUNTRY_NOTE_ATTRIBUTE, countryNoteHtml } from "../../lib/country-page";
import { countryName } from "../../lib/country-name";
import { readCookie } from "../../lib/cookies";
import { countryCode } from "../../lib/countries";
import type { AppEnv } from "../app-env";
import { consentBanner } from "../consent/consent-banner";
import { consentState } from "../consent/consent";

/**
 * A page as this visitor gets it, made from the copy every visitor shares (the page cache
 * stores none of this; ARCHITECTURE rule 5), in one pass over the streamed HTML:
 * - the visitor's country named in the head, for the browser's own loaders
 *   (src/app/visitor-country.ts), marked when the visitor chose it;
 * - once they chose a country, the pages listing offers say so where they mark it (issue 51);
 * - the consent choice, for a visitor asked for it who has not chosen yet (issue 51).
 */
export function forThisVisitor(c: Context<AppEnv>, response: Response, country: string | null): Response {
  if (!/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return response;
  const chosen = country !== null && countryCode(readCookie(c.req.header("Cookie"), COUNTRY_COOKIE)) === country;
  const asked = consentState(c) === "asked";
  if (country === null && !asked) return response;
  const url = new URL(c.req.url);
  const here = url.pathname + url.search;
  const rewriter = new HTMLRewriter();
  if (country !== null) {
    rewriter.on("head", {
      element(head) {
        head.append(`<meta name="${COUNTRY_META}" content="${country}"${chosen ? ` ${CHOSEN_ATTRIBUTE}=""` : ""}>`, { html: true });
      },
    });
  }
  if (chosen) {
    const note = countryNoteHtml(countryName(country), here);
    rewriter.on(`[${COUNTRY_NOTE_ATTRIBUTE}]`, {
      element(element) {
        element.setInnerContent(note, { html: true });
      },
    });
  }
  if (asked) {
    const banner = consentBanner(here);
    rewriter.on("body", {
      element(body) {
        body.append(banner, { html: true });
      },
    });
  }
  return rewriter.transform(response);
}
