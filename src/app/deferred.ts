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

/** What a deferred promise settled to, as its section renders it. */
export type Settled<T> = { ok: true; value: T } | { ok: false; reason: unknown };

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/**
 * The outcome of each deferred promise once it settles, so its section renders at once
 * instead of suspending (React's `use()` cannot tell that a promise has settled).
 * Module scope holds no request's state here: the keys are each request's own promises,
 * and an entry goes with its promise.
 */
const outcomes = new WeakMap<Promise<unknown>, Settled<unknown>>();

/** The outcome of a promise passed to `defer` or revived in the browser, once it has one. */
export function settledOf<T>(promise: Promise<T>): Settled<T> | undefined {
  return outcomes.get(promise) as Settled<T> | undefined;
}

/**
 * Marks a loader's deferred value so that its section, when its data is already there
 * (an edge-cache hit), renders in the shell instead of as a fallback followed by a
 * streamed segment.
 */
export function defer<T>(promise: Promise<T>): Promise<T> {
  // Block bodies: returning from a handler would make the derived promise adopt the
  // outcome, and a rejection would then surface a second time, unhandled.
  promise.then(
    (value) => {
      outcomes.set(promise, { ok: true, value });
    },
    (reason: unknown) => {
      outcomes.set(promise, { ok: false, reason });
    },
  );
  return promise;
}

/** A promise whose outcome its section reads at once, so hydration renders the markup the
 * server streamed without suspending. */
export function settledPromise(settled: SettledValue): Promise<unknown> {
  if ("value" in settled) {
    const promise = Promise.resolve(settled.value);
    outcomes.set(promise, { ok: true, value: settled.value });
    return promise;
  }
  const reason = new Error(settled.error);
  const promise = Promise.reject(reason);
  promise.catch(() => undefined);
  outcomes.set(promise, { ok: false, reason });
  return promise;
}

/** Puts the deferred values back into the router's loader data, in place. */
export function reviveDeferred(loaderData: Record<string, unknown>, values: DeferredValues): void {
  for (const [routeId, keys] of Object.entries(values)) {
    const data = loaderData[routeId];
    if (typeof data !== "object" || data === null) continue;
    for (const [key, settled] of Object.entries(keys)) (data as Record<string, unknown>)[key] = settledPromise(settled);
  }
}
