import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createLoadContext } from "../src/app/load-context";
import { DEFERRED_DATA_ID, reviveDeferred } from "../src/app/deferred";
import { Document, type DocumentAssets } from "../src/app/Document";
import { HYDRATION_DATA_ID } from "../src/app/hydration";
import type { RootData } from "../src/app/root-data";
import { routes } from "../src/app/routes";
import { createContentClient } from "../src/data/client";
import { startAnalytics } from "./analytics";
import { startPings } from "./ping";
import { startTrackingCapture } from "./tracking";

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const readJson = (id: string) => {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
};
// Module scripts run after the whole document has streamed, so the deferred values are here.
const state = readJson(HYDRATION_DATA_ID);
const deferred = readJson(DEFERRED_DATA_ID);
if (state && deferred) reviveDeferred(state.loaderData, deferred);
// Handing the state over this way lets react-router revive serialized route errors itself.
window.__staticRouterHydrationData = state;

// Lazy routes the server rendered must be loaded before hydrating, or React would see an
// empty route where the server put content.
await Promise.all(
  (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== "function") return;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }),
);

// In the browser, reads go to the Worker's /api/collections (same edge cache as the server).
const content = createContentClient({ baseUrl: window.location.origin });
const router = createBrowserRouter(routes, {
  getContext: () =>
    createLoadContext({
      content,
      siteOrigin: window.location.origin,
      // Read when a loader runs, by which time the router has set the navigation's target.
      navigationState: () => router.state.navigation.location?.state,
    }),
});

const site = (state?.loaderData?.root as RootData | undefined)?.site;
startTrackingCapture(router);
startAnalytics(router, site?.analyticsId ?? "");
if (site?.pingsEnabled) startPings(router, site.pingCid);

const entryScript = document.querySelector<HTMLScriptElement>('script[type="module"][src]')!;

/** The asset URLs the server put in the document, so the browser renders the same document. */
function documentAssets(): DocumentAssets {
  const js = entryScript.getAttribute("src")!;
  return {
    js,
    css: document.querySelector('link[rel="stylesheet"][data-precedence="app"]')!.getAttribute("href")!,
    preload: Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute("href")!).filter((href) => href !== js),
  };
}

// The whole document is one React tree on the server, so it is hydrated as one here.
hydrateRoot(
  document,
  // Browsers hide a nonce from the attribute once it is used; the property still has it.
  <Document assets={documentAssets()} hydrationJson={document.getElementById(HYDRATION_DATA_ID)!.textContent ?? ""} nonce={entryScript.nonce}>
    <RouterProvider router={router} />
  </Document>,
  {
    onRecoverableError(error) {
      console.error("hydration recovered from an error", error);
    },
  },
);
