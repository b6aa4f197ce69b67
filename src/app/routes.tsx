import type { RouteObject } from "react-router";
import { notFound } from "./http-errors";
import { Layout } from "./layout/Layout";
import { NotFoundPage } from "./pages/NotFoundPage";
import { RouteErrorPage } from "./pages/RouteErrorPage";
import { StoresPage, storesLoader } from "./pages/StoresPage";
import { rootLoader, rootShouldRevalidate } from "./root-data";

/** The one route table, used by the server render and by the browser (ARCHITECTURE rule 1).
 * Paths are the spec's route contract. */
export const routes: RouteObject[] = [
  {
    id: "root",
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        id: "pages",
        ErrorBoundary: RouteErrorPage,
        children: [
          { id: "stores", path: "stores", loader: storesLoader, Component: StoresPage },
          // Their loaders answer 404, so the error screen renders NotFoundPage with that status.
          { id: "not-found", path: "not-found", loader: notFound, Component: NotFoundPage },
          { id: "catch-all", path: "*", loader: notFound, Component: NotFoundPage },
        ],
      },
    ],
  },
];
