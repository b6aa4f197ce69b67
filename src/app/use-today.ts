import { useSyncExternalStore } from "react";
import { utcDayStart } from "../lib/offer-labels";
import { useRootData } from "./root-data";

/** The browser checks once a minute whether the UTC day has turned ("Ends today" moves on). */
const CHECK_MS = 60_000;

const today = () => utcDayStart(Date.now());

// One timer for every card on the page (subscribe runs in the browser only, never per request).
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  timer ??= setInterval(() => {
    for (const listener of listeners) listener();
  }, CHECK_MS);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * Midnight UTC of today, the clock of the offer labels (they count whole UTC days). The
 * server renders with its own day (the root data's `today`) and hydration uses that same
 * value, so the markup matches; the browser then follows its own clock, so a page kept open
 * or served from a cache past midnight moves its labels on.
 */
export function useToday(): number {
  const { today: rendered } = useRootData();
  return useSyncExternalStore(subscribe, today, () => rendered);
}
