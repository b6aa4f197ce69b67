import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { createLoadContext } from "../app/content-context";
import { routes } from "../app/routes";
import type { ContentClient } from "../data/client";
import { jsonForScript } from "../lib/json-script";
import { clientAssets } from "./client-assets";
import { Document } from "./document";
import { hydrationState } from "./hydration-state";

/** Stateless: holds the route table only; every request brings its own context. */
const handler = createStaticHandler(routes);

export interface RenderOptions {
  content: ContentClient;
  /** Crawlers get the complete document in one piece (every Suspense boundary resolved). */
  waitForAll: boolean;
}

const FAILURE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title><h1>We could not show this page just now</h1><p>Please try again in a moment.</p></html>`;

/**
 * Runs the matched routes' loaders (the data prefetch), then streams the document:
 * the shell leaves as soon as React has it; Suspense boundaries stream after.
 */
export async function renderPage(request: Request, { content, waitForAll }: RenderOptions): Promise<Response> {
  const context = await handler.query(request, { requestContext: createLoadContext(content) });
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = { "Content-Type": "text/html; charset=utf-8" };
  try {
    const stream = await renderToReadableStream(
      <Document assets={clientAssets} hydrationJson={jsonForScript(hydrationState(context))}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Document>,
      {
        onError(error) {
          console.error("render error", error);
        },
      },
    );
    if (waitForAll) await stream.allReady;
    return new Response(stream, { status: context.statusCode, headers: html });
  } catch (error) {
    console.error("shell render failed", error);
    return new Response(FAILURE_PAGE, { status: 500, headers: { ...html, "Cache-Control": "no-store" } });
  }
}
