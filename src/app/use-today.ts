import { useSyncExternalStore } from "react";
import { utcDayStart } from "../lib/offer-labels";
import { useRootData } from "./root-data";

/** The browser checks once a minute whether the UTC day has turned ("Ends today" moves on). */
const CHECK_MS = 60_000;

const today = () => utcDayStart(Date.now());

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, CHECK_MS);
  return () => clearInterval(timer);
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
