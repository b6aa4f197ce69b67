import { isThenable, type DeferredValues } from "../app/deferred";

export interface SplitLoaderData {
  /** Loader data without its deferred (promise) fields: goes into the hydration JSON. */
  immediate: Record<string, unknown>;
  /** Resolves once every deferred field has settled, with the values for the browser. */
  settled: Promise<DeferredValues> | undefined;
}

/** Separates the promise fields of each route's loader data from the rest. */
export function splitLoaderData(loaderData: Record<string, unknown>): SplitLoaderData {
  const immediate: Record<string, unknown> = {};
  const pending: Array<Promise<[string, string, DeferredValues[string][string]]>> = [];
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      immediate[routeId] = data;
      continue;
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (!isThenable(value)) copy[key] = value;
      else
        pending.push(
          Promise.resolve(value).then(
            (v) => [routeId, key, { value: v }],
            (e: unknown) => [routeId, key, { error: e instanceof Error ? e.message : "Failed to load" }],
          ),
        );
    }
    immediate[routeId] = copy;
  }
  if (!pending.length) return { immediate, settled: undefined };
  const settled = Promise.all(pending).then((entries) => {
    const values: DeferredValues = {};
    for (const [routeId, key, value] of entries) {
      values[routeId] ??= {};
      values[routeId][key] = value;
    }
    return values;
  });
  return { immediate, settled };
}
