import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createLoadContext } from "../src/app/load-context";
import { DEFERRED_DATA_ID, reviveDeferred } from "../src/app/deferred";
import { Document, type DocumentAssets } from "../src/app/Document";
import { HYDRATION_DATA_ID, reviveHydrationError, type HydrationError } from "../src/app/hydration";
import { setInAppNavigate } from "../src/app/in-app-navigation";
import { releaseWaitingSections } from "../src/app/lazy-section";
import type { RootData } from "../src/app/root-data";
import { routes } from "../src/app/routes";
import { createContentClient } from "../src/data/client";

/** Ends the current task: a slow phone handles input and paints in between (issue 37). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Evaluating the bundle (React, React Router, the frame) is one long task on a slow phone;
// reading the page's data and preparing its route run in the next one, and creating the
// router and starting hydration in the one after.
await nextTask();

const readJson = (id: string) => {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
};
// Module scripts run after the whole document has streamed, so the deferred values are here.
const state = readJson(HYDRATION_DATA_ID);
const deferred = readJson(DEFERRED_DATA_ID);
if (state && deferred) reviveDeferred(state.loaderData, deferred);
const errors = state?.errors as Record<string, HydrationError> | null | undefined;

/**
 * A matched route must have no `lazy` left when React hydrates, or React Router would
 * render nothing where the server put content. Its screen is loaded now; its loader only
 * on its first call (a later navigation): this page's data came with the document.
 */
async function prepareForHydration(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return;
  if (typeof lazy === "function") {
    Object.assign(route, await lazy(), { lazy: undefined });
    return;
  }
  const { loader: loadLoader, ...properties } = lazy;
  const loaded = await Promise.all(Object.entries(properties).map(async ([key, load]) => [key, await load?.()] as const));
  Object.assign(route, Object.fromEntries(loaded), { lazy: undefined });
  if (loadLoader) {
    route.loader = async (...args) => {
      const loader = await loadLoader();
      return typeof loader === "function" ? loader(...args) : null;
    };
  }
}

await Promise.all((matchRoutes(routes, window.location) ?? []).map(({ route }) => prepareForHydration(route)));
await nextTask();

// In the browser, reads go to the Worker's /api/collections (same edge cache as the server).
const content = createContentClient({ baseUrl: window.location.origin });
const router = createBrowserRouter(routes, {
  hydrationData: state && {
    ...state,
    errors: errors && Object.fromEntries(Object.entries(errors).map(([routeId, error]) => [routeId, reviveHydrationError(error)])),
  },
  getContext: () =>
    createLoadContext({
      content,
      siteOrigin: window.location.origin,
      // Read when a loader runs, by which time the router has set the navigation's target.
      navigationState: () => router.state.navigation.location?.state,
    }),
});

// A section still waiting to hydrate (src/app/lazy-section.tsx) cannot take part in a new
// render of its page: all are released as soon as the router starts loading one.
router.subscribe((next) => {
  if (next.navigation.state !== "idle" || next.revalidation !== "idle") releaseWaitingSections();
});

// The site's links are plain anchors (src/app/components/AppLink.tsx): this router follows them.
setInAppNavigate((to, options) => router.navigate(to, options));

/** What the server's document always has: without it, the page cannot be hydrated. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`The document has no ${what}`);
  return value;
}

const entryScript = required(document.querySelector<HTMLScriptElement>('script[type="module"][src]'), "entry script");

/** The asset URLs the server put in the document, so the browser renders the same document. */
function documentAssets(): DocumentAssets {
  const js = required(entryScript.getAttribute("src"), "entry script src");
  return {
    js,
    css: required(document.querySelector('link[rel="stylesheet"][data-precedence="app"]')?.getAttribute("href"), "app stylesheet"),
    preload: Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => required(link.getAttribute("href"), "modulepreload href")).filter(
      (href) => href !== js,
    ),
  };
}

// The whole document is one React tree on the server, so it is hydrated as one here. As a
// transition, hydration yields to the browser every few milliseconds instead of running as
// one long task (total blocking time, issue 10; docs/decisions/016).
startTransition(() => {
  hydrateRoot(
    document,
    // Browsers hide a nonce from the attribute once it is used; the property still has it.
    <Document
      assets={documentAssets()}
      hydrationJson={required(document.getElementById(HYDRATION_DATA_ID), "hydration data").textContent ?? ""}
      nonce={entryScript.nonce}
    >
      <RouterProvider router={router} />
    </Document>,
    {
      onRecoverableError(error) {
        console.error("hydration recovered from an error", error);
      },
    },
  );
});

const site = (state?.loaderData?.root as RootData | undefined)?.site;
void import("./site-services").then(({ startSiteServices }) => startSiteServices(router, site));
