import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";

type SerializedError =
  | { __type: "RouteErrorResponse"; status: number; statusText: string; data: unknown; internal: boolean }
  | { __type: "Error"; message: string; __subType?: string };

/** The router state the browser needs to hydrate without re-running loaders, with errors
 * in the form react-router's createBrowserRouter deserializes. `loaderData` comes
 * without its deferred fields (see deferred-data.ts). Error stacks never leave
 * the server. */
export function hydrationState(context: StaticHandlerContext, loaderData: Record<string, unknown>) {
  let errors: Record<string, SerializedError> | null = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      errors[routeId] = isRouteErrorResponse(error)
        ? {
            __type: "RouteErrorResponse",
            status: error.status,
            statusText: error.statusText,
            data: error.data,
            internal: (error as { internal?: boolean }).internal === true,
          }
        : { __type: "Error", message: "Unexpected error" };
    }
  }
  return { loaderData, actionData: context.actionData, errors };
}
