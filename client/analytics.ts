import { CONSENT_MODE_DEFAULTS, CONSENT_MODE_GRANTED } from "../src/lib/consent";
import { browserOptedOut } from "../src/lib/privacy";
import { afterEachNavigation, type Router } from "./navigation";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const GTAG_ORIGIN = "https://www.googletagmanager.com";

/** Attributes of the _ga cookies (documented on /cookie-policy): only gtag.js on this site
 * reads them, so Strict; Secure wherever the page is served over HTTPS. */
export const GA_COOKIE_FLAGS = () => (window.location.protocol === "https:" ? "SameSite=Strict;Secure" : "SameSite=Strict");

/** The `gtag` command queue gtag.js reads once it loads (it may never load). */
function gtag(...args: unknown[]): void {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  window.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the data layer, not arrays (a rest parameter would push an array)
    dataLayer.push(arguments);
  };
  window.gtag(...args);
}

/** Google's Consent Mode v2 before a choice (issue 51): every signal denied. Queued only:
 * gtag.js is not loaded, so nothing reaches Google until the visitor accepts. */
export function denyUntilConsent(): void {
  gtag("consent", "default", CONSENT_MODE_DEFAULTS);
}

/**
 * Google Analytics 4 with automatic page views off (spec Layout / section 7): the script
 * is inserted once, and one page_view with the page path is sent after every completed
 * navigation, the first page included. `consented`: the visitor accepted analytics (after
 * denyUntilConsent, Consent Mode is told so before the script loads); a visitor who is not
 * asked gets it as before consent was asked here.
 */
export function startAnalytics(router: Router, measurementId: string, { consented }: { consented: boolean }): void {
  // Visitors who opted out (GPC, DNT or the do-not-sell control) get no analytics script.
  if (!measurementId || browserOptedOut()) return;
  if (consented) gtag("consent", "update", CONSENT_MODE_GRANTED);
  try {
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
    document.head.appendChild(script);
  } catch (error) {
    console.error("Error appending google analytics", error);
    return;
  }
  gtag("js", new Date());
  gtag("config", measurementId, { send_page_view: false, cookie_flags: GA_COOKIE_FLAGS() });

  afterEachNavigation(router, ({ pathname, search }) => {
    const path = pathname + search;
    gtag("event", "page_view", { page_path: path, page_location: window.location.origin + path, page_title: document.title });
  });
}
