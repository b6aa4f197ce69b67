import { useSyncExternalStore } from "react";
import { useRootData } from "./root-data";

/** The browser's clock moves labels on once a minute ("Ends today" at midnight, a countdown). */
const TICK_MS = 60_000;

const minute = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, TICK_MS);
  return () => clearInterval(timer);
}

/**
 * The time offer labels are computed at. The server renders with its own clock (the root
 * data's `renderedAt`), and hydration uses that same value, so the markup matches; then the
 * browser re-renders with its own clock, so a page kept in a cache or a tab never shows an
 * old countdown for long.
 */
export function useNow(): number {
  const { renderedAt } = useRootData();
  return useSyncExternalStore(subscribe, minute, () => renderedAt);
}
