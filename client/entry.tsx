import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createLoadContext } from "../src/app/content-context";
import { HYDRATION_DATA_ID } from "../src/app/hydration";
import { routes } from "../src/app/routes";
import { createContentClient } from "../src/data/client";

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const payload = document.getElementById(HYDRATION_DATA_ID)?.textContent;
// Handing the state over this way lets react-router revive serialized route errors itself.
window.__staticRouterHydrationData = payload ? JSON.parse(payload) : undefined;

// In the browser, reads go to the Worker's /api/collections (same edge cache as the server).
const content = createContentClient({ baseUrl: window.location.origin });
const router = createBrowserRouter(routes, { getContext: () => createLoadContext(content) });

hydrateRoot(document.getElementById("root")!, <RouterProvider router={router} />, {
  onRecoverableError(error) {
    console.error("hydration recovered from an error", error);
  },
});
