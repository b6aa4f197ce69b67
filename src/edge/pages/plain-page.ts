import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env";

/**
 * A page of the Worker's own (the /goto answers, the country control): plain HTML without
 * the site's frame or script, kept out of search engines. `html` escapes every value put in.
 */
export type Html = ReturnType<typeof html>;

export function page(c: Context<AppEnv>, status: 200 | 400 | 404 | 410 | 503, title: string, body: Html): Response | Promise<Response> {
  return c.html(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}<p><a href="/">Go to homepage</a></p></main></body></html>`,
    status,
  );
}
