/**
 * Outbound links (spec sections 1 and 7, ARCHITECTURE rule 6). Every call-to-action goes
 * through the site's own `/goto`, which resolves the tracking macros from the visitor's
 * tracking cookie and checks the host allow-list, so the HTML stays the same for every
 * visitor and cacheable.
 */
export function outboundHref(target: string, { background = false }: { background?: boolean } = {}): string {
  const href = `/goto?url=${encodeURIComponent(target)}`;
  // Spec: background pings add wp=0; /goto then records an impression instead of redirecting.
  return background ? `${href}&wp=0` : href;
}

/** `sponsored` tells search engines the link is paid; `noopener` cuts `window.opener`.
 * No `noreferrer`: the partner sees only our origin (Referrer-Policy
 * strict-origin-when-cross-origin), which affiliate programmes need to credit the click. */
export const OUTBOUND_REL = "sponsored noopener";

/** Marks an element whose product wants the affiliate ping flow (spec section 4): the
 * browser collects these background links after the page shows. */
export const PING_URL_ATTRIBUTE = "data-ping-url";

/** Attributes for a product card: its trigger link with wp=0, unless `cta_trigger` is false. */
export function pingAttributes(product: { cta_url: string; cta_trigger?: boolean }): Record<string, string> {
  return product.cta_trigger === false || !product.cta_url ? {} : { [PING_URL_ATTRIBUTE]: outboundHref(product.cta_url, { background: true }) };
}

/** Where a coupon card reports a code reveal (form field `url`: its partner URL as written). */
export const REVEAL_PATH = "/events/reveal";

/** The reveal form's field naming the offer whose code to show: sent by the card's form
 * without JavaScript, which the Worker answers with that code's page (codePagePath). */
export const REVEALED_OFFER_FIELD = "offer";

/** The page showing an offer's coupon code, where a reveal without JavaScript leads. */
export const codePagePath = (offerId: string) => `/offers/${offerId}/code`;
