import type { MiddlewareHandler } from "hono";
import { PREPAINT_THEME_SCRIPT } from "../../app/theme";
import { RENDER_NONCE_HEADER } from "../../ssr/render";
import type { AppEnv } from "../app-env";

/**
 * Security headers on every answer of the Worker (pages, API, files, redirects, errors),
 * and the Content-Security-Policy with a fresh nonce per response (docs/decisions/013).
 */

/** Google Analytics 4 (client/analytics.ts inserts gtag.js from the first host; gtag
 * reports to the Google Analytics collectors). Nothing else outside the site loads. */
export const ANALYTICS_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
const ANALYTICS_COLLECTORS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

/** Headers that would name the server software; removed from every answer. */
const SOFTWARE_HEADERS = ["Server", "X-Powered-By", "X-AspNet-Version", "Via"];

const COMMON_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  // The site uses none of these; clipboard-write stays allowed for the Copy buttons.
  "Permissions-Policy":
    "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), browsing-topics=(), interest-cohort=()",
};

/** The site's default; an answer that chose its own (the /goto redirect) keeps it. */
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";

/** Policy of everything that is not a page (JSON, files, scripts, redirects): nothing may load or run. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Policy of an HTML page. Scripts: our own files, React's inline streaming scripts by the
 * response's nonce, the pre-paint theme script by its hash, and gtag.js; never
 * 'unsafe-inline' (the hydration data is a non-executable JSON block). Styles allow inline
 * because React writes `style` attributes into the server HTML and inserts the carousels'
 * layout <style> on client navigations without a nonce; CMS HTML can carry neither (the
 * sanitizer drops `style`, `class` and <style>), so this only admits our own styles.
 */
export function pageCsp(nonce: string, prepaintHash: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' '${prepaintHash}' ${ANALYTICS_SCRIPT_ORIGIN}`,
    "style-src 'self' 'unsafe-inline'",
    // data: for the small SVG icons inside Bootstrap's CSS.
    `img-src 'self' data: ${ANALYTICS_COLLECTORS.join(" ")}`,
    `connect-src 'self' ${ANALYTICS_COLLECTORS.join(" ")}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** CSP hash source of an inline script's exact text. */
export async function scriptHash(source: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(source));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

// A constant derived from a constant: kept once computed. The value, not its promise: a
// request cannot wait on a promise another request's context settles (docs/decisions/070).
let prepaintHash: string | undefined;

/** 128 random bits, base64: a nonce an attacker cannot guess, fresh for every response. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

function isHtml(response: Response): boolean {
  return /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "");
}

/** A page rendered for another response (a page-cache copy) carries that response's
 * nonce: every script React marked with it gets this response's nonce instead. */
function renonce(response: Response, from: string, to: string): Response {
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === from) element.setAttribute("nonce", to);
      },
    })
    .transform(response);
}

/**
 * Outermost middleware: creates the response's nonce (`c.var.cspNonce`, which the page
 * render uses), then sets the headers on whatever answer comes back.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = newNonce();
  c.set("cspNonce", nonce);
  await next();
  // Answers may come with immutable headers (cache, fetch): work on a copy.
  c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  const renderedWith = headers.get(RENDER_NONCE_HEADER);
  headers.delete(RENDER_NONCE_HEADER);
  const html = isHtml(c.res);
  if (html && renderedWith && renderedWith !== nonce) c.res = renonce(c.res, renderedWith, nonce);

  for (const name of SOFTWARE_HEADERS) c.res.headers.delete(name);
  for (const [name, value] of Object.entries(COMMON_HEADERS)) c.res.headers.set(name, value);
  if (!c.res.headers.has("Referrer-Policy")) c.res.headers.set("Referrer-Policy", DEFAULT_REFERRER_POLICY);
  if (html) {
    prepaintHash ??= await scriptHash(PREPAINT_THEME_SCRIPT);
    c.res.headers.set("Content-Security-Policy", pageCsp(nonce, prepaintHash));
  } else {
    c.res.headers.set("Content-Security-Policy", nonDocumentCsp(c.res.headers.get("Content-Security-Policy")));
  }
};

/** PocketBase sends its own sandboxing policy with files; it is kept, and framing is refused. */
function nonDocumentCsp(upstream: string | null): string {
  if (!upstream) return NON_DOCUMENT_CSP;
  return /(^|;)\s*frame-ancestors\b/i.test(upstream) ? upstream : `${upstream.replace(/;\s*$/, "")}; frame-ancestors 'none'`;
}
