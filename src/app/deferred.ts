/**
 * Loader data may hold promises for sections that can arrive after the page shell. The
 * server streams those sections as they resolve and then sends every resolved value as
 * JSON; before hydrating, the browser turns each value back into a settled promise.
 */

/** Id of the <script type="application/json"> with the resolved deferred values. */
export const DEFERRED_DATA_ID = "__router_deferred";

export type SettledValue = { value: unknown } | { error: string };

/** routeId → loader-data key → settled value. */
export type DeferredValues = Record<string, Record<string, SettledValue>>;

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

/**
 * Marks a loader's deferred value so React's `use()` can read it without suspending once
 * it has settled: a section whose data is already there (an edge-cache hit) renders in
 * the shell instead of as a fallback followed by a streamed segment.
 */
export function defer<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = "pending";
  // Block bodies: returning `tracked` from a handler would make the derived promise adopt
  // it, and a rejection would then surface a second time, unhandled.
  promise.then(
    (value) => {
      Object.assign(tracked, { status: "fulfilled", value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: "rejected", reason });
    },
  );
  return promise;
}

/** A promise React's `use()` reads synchronously (it checks `status` / `value` / `reason`),
 * so hydration renders the same markup the server streamed, without suspending. */
export function settledPromise(settled: SettledValue): Promise<unknown> {
  if ("value" in settled) return Object.assign(Promise.resolve(settled.value), { status: "fulfilled", value: settled.value });
  const reason = new Error(settled.error);
  const promise = Promise.reject(reason);
  promise.catch(() => undefined);
  return Object.assign(promise, { status: "rejected", reason });
}

/** Puts the deferred values back into the router's loader data, in place. */
export function reviveDeferred(loaderData: Record<string, unknown>, values: DeferredValues): void {
  for (const [routeId, keys] of Object.entries(values)) {
    const data = loaderData[routeId];
    if (typeof data !== "object" || data === null) continue;
    for (const [key, settled] of Object.entries(keys)) (data as Record<string, unknown>)[key] = settledPromise(settled);
  }
}
