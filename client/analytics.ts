import { afterEachNavigation, type Router } from "./navigation";
import { browserOptedOut } from "../src/lib/privacy";

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

/**
 * Google Analytics 4 with automatic page views off (spec Layout / section 7): the script
 * is inserted once, and one page_view with the page path is sent after every completed
 * navigation, the first page included.
 */
export function startAnalytics(router: Router, measurementId: string): void {
  // Visitors who opted out (GPC, DNT or the do-not-sell control) get no analytics script.
  if (!measurementId || browserOptedOut()) return;
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the data layer, not arrays (a rest parameter would push an array)
    dataLayer.push(arguments);
  };
  try {
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
    document.head.appendChild(script);
  } catch (error) {
    console.error("Error appending google analytics", error);
    return;
  }
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false, cookie_flags: GA_COOKIE_FLAGS() });

  afterEachNavigation(router, ({ pathname, search }) => {
    const path = pathname + search;
    window.gtag?.("event", "page_view", { page_path: path, page_location: window.location.origin + path, page_title: document.title });
  });
}
