import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";
import type { HydrationError } from "../app/hydration";

/** The router state the browser needs to hydrate without re-running loaders (client/entry.tsx
 * hands it to createBrowserRouter as `hydrationData`). `loaderData` comes without its
 * deferred fields (see deferred-data.ts). Error stacks and messages never leave the server. */
export function hydrationState(context: StaticHandlerContext, loaderData: Record<string, unknown>) {
  let errors: Record<string, HydrationError> | null = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      errors[routeId] = isRouteErrorResponse(error) ? { status: error.status, statusText: error.statusText, data: error.data } : { status: null };
    }
  }
  return { loaderData, actionData: context.actionData, errors };
}
