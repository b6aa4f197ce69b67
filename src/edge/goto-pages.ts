import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "./app-env";

/**
 * The pages /goto answers instead of a redirect. Plain HTML without the site's frame or
 * script: they must render when PocketBase cannot, and stay out of the page cache and
 * search engines (goto.ts sets no-store and noindex). `html` escapes every value put in.
 */
type Html = ReturnType<typeof html>;

function page(c: Context<AppEnv>, status: 400 | 503, title: string, body: Html): Response | Promise<Response> {
  return c.html(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}<p><a href="/">Go to homepage</a></p></main></body></html>`,
    status,
  );
}

export function notPartnerLink(c: Context<AppEnv>): Response | Promise<Response> {
  return page(
    c,
    400,
    "This is not a known partner link",
    html`<p>We only send visitors on to the partner sites that appear in our reviews and offers, and this link does not lead to one of them. Nothing was opened.</p>`,
  );
}

export function unavailable(c: Context<AppEnv>): Response | Promise<Response> {
  c.header("Retry-After", "30");
  return page(c, 503, "We could not check this link just now", html`<p>Please try again in a moment.</p>`);
}
