import { renderToReadableStream } from "react-dom/server";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Document } from "../app/Document";
import { createLoadContext, type PreviewMarks } from "../app/load-context";
import { DEFERRED_DATA_ID } from "../app/deferred";
import { routes } from "../app/routes";
import type { ContentClient } from "../data/client";
import { WORLDWIDE, type CountryScope } from "../data/offer-countries";
import { jsonForScript } from "../lib/json-script";
import { appendToBody } from "./append-to-body";
import { clientAssetsFor } from "./client-assets";
import { splitLoaderData } from "./deferred-data";
import { hydrationState } from "./hydration-state";

/** Stateless: holds the route table only; every request brings its own context. */
const handler = createStaticHandler(routes);

export interface RenderOptions {
  content: ContentClient;
  siteOrigin: string;
  /** The visitor's country, and what to call when the page depends on it; the worldwide
   * view when absent (the render bench, which compares builds older than countries). */
  country?: CountryScope;
  /** The complete document, every section in place (no fallbacks, no out-of-order segments
   * moved by inline scripts), at the cost of waiting for the slowest one: what the page
   * cache stores and crawlers get, readable without JavaScript. */
  waitForAll: boolean;
  /** The response's Content-Security-Policy nonce, put on every script React and the
   * document write (the Worker always passes one). */
  nonce?: string;
  /** An editor's preview: the records to mark (src/app/load-context.ts). */
  preview?: PreviewMarks;
}

/** The nonce a rendered page's scripts carry. A stored copy served to a later request is
 * given that request's nonce from it (src/edge/middleware/security-headers.ts), which removes the header. */
export const RENDER_NONCE_HEADER = "X-Render-Nonce";

const FAILURE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title><h1>We could not show this page just now</h1><p>Please try again in a moment.</p></html>`;

/**
 * Runs the matched routes' loaders (the data prefetch), then streams the document:
 * the shell leaves as soon as React has it; sections fed by deferred loader values
 * (promises) stream after it, followed by those values as JSON for hydration.
 */
export async function renderPage(request: Request, { content, siteOrigin, country = WORLDWIDE, waitForAll, nonce, preview }: RenderOptions): Promise<Response> {
  const context = await handler.query(request, { requestContext: createLoadContext({ content, siteOrigin, country, preview }) });
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html: Record<string, string> = { "Content-Type": "text/html; charset=utf-8", ...(nonce && { [RENDER_NONCE_HEADER]: nonce }) };
  const { immediate, settled } = splitLoaderData(context.loaderData);
  const document = (
    <Document
      assets={clientAssetsFor(context.matches.map((match) => match.route.id))}
      hydrationJson={jsonForScript(hydrationState(context, immediate))}
      nonce={nonce}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Document>
  );
  const onError = (error: unknown) => {
    console.error("render error", error);
  };
  try {
    const stream = waitForAll
      ? // Without a huge chunk size React still outlines completed boundaries past a size
        // threshold, to be moved into place by an inline script a crawler may not run.
        // prerender takes no nonce: with nothing outlined it writes no inline script.
        (await prerender(document, { onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER })).prelude
      : await renderToReadableStream(document, { onError, nonce });
    const body = settled
      ? appendToBody(stream, async () => `<script type="application/json" id="${DEFERRED_DATA_ID}">${jsonForScript(await settled)}</script>`)
      : stream;
    return new Response(body, { status: context.statusCode, headers: html });
  } catch (error) {
    console.error("shell render failed", error);
    return new Response(FAILURE_PAGE, { status: 500, headers: { ...html, "Cache-Control": "no-store" } });
  }
}
