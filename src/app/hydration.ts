/** Id of the <script type="application/json"> that carries the router's loader data to the browser. */
export const HYDRATION_DATA_ID = "__router_data";

/** A route's error as the document carries it: an error response's status, text and data,
 * or `status: null` for any other error, whose message stays on the server. */
export type HydrationError = { status: number; statusText: string; data: unknown } | { status: null };

/** The error a route's ErrorBoundary gets in the browser: an error response that React
 * Router's public `isRouteErrorResponse` recognises, or a plain Error. */
export function reviveHydrationError(error: HydrationError): unknown {
  if (error.status === null) return new Error("Unexpected error");
  return { ...error, internal: false };
}
