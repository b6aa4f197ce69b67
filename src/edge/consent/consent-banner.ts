import { html } from "hono/html";
import { CONSENT_BACK_FIELD, CONSENT_BANNER_ID, CONSENT_FIELD, CONSENT_PATH, COOKIE_SETTINGS_HREF } from "../../lib/consent";

/**
 * The choice a visitor is asked for before anything non-essential runs (issue 51), added by
 * the Worker to the page it answers (src/edge/pages/visitor-page.ts), never to the copy the
 * page cache keeps. A plain form (it works without JavaScript) whose two buttons look the
 * same, nothing ticked in advance; `back` is the page it is on. With JavaScript the page's
 * script posts it instead (client/consent.ts). `html` escapes every value put in.
 */
export function consentBanner(back: string): string {
  return String(
    html`<section id="${CONSENT_BANNER_ID}" class="consent-banner border-top shadow-lg bg-body" aria-labelledby="${CONSENT_BANNER_ID}-heading"><div class="container py-3"><h2 id="${CONSENT_BANNER_ID}-heading" class="h6 mb-1">Cookies: your choice</h2><p class="small mb-2">With your consent, Google Analytics counts visits (its <code>_ga</code> cookies) and a campaign cookie lets partners credit a visit that came through their link. None of it runs until you accept, and the site works fully without it. You can change your choice at any time under <a href="${COOKIE_SETTINGS_HREF}">Cookie settings</a>, at the foot of every page.</p><form method="post" action="${CONSENT_PATH}" class="d-flex flex-wrap gap-2"><input type="hidden" name="${CONSENT_BACK_FIELD}" value="${back}"><button type="submit" name="${CONSENT_FIELD}" value="granted" class="btn btn-primary">Accept</button><button type="submit" name="${CONSENT_FIELD}" value="denied" class="btn btn-primary">Reject</button></form></div></section>`,
  );
}
