import { useEffect } from "react";
import { useMatches, useRevalidator } from "react-router";
import { nextScheduleInstant } from "../../lib/schedule";
import { isThenable, settledOf } from "../deferred";

/** Past the instant, so the edge's copies bounded by it are no longer served. */
const GRACE_MS = 1_000;
/** setTimeout's longest delay; a page open longer is checked when shown again. */
const MAX_DELAY_MS = 2_147_483_647;

/** Deferred sections' values, where they have settled. */
function settledValue(value: unknown): unknown {
  if (!isThenable(value)) return value;
  const settled = settledOf(value as Promise<unknown>);
  return settled?.ok ? settled.value : undefined;
}

/**
 * An open page passes the next start or end among the offers it shows (issue 34): it
 * reloads its data then, so an ended offer leaves the lists and the counts ("All (7)"
 * becomes "All (4)") and a started one joins them, as a fresh load would show. Also checked
 * when the tab is shown again (timers sleep with the laptop).
 */
export function ScheduleRefresh() {
  const matches = useMatches();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const next = nextScheduleInstant(
      matches.map((match) => match.loaderData),
      Date.now(),
      settledValue,
    );
    if (next === null) return;
    const due = () => {
      if (Date.now() >= next) void revalidate();
    };
    const timer = setTimeout(due, Math.min(next - Date.now() + GRACE_MS, MAX_DELAY_MS));
    document.addEventListener("visibilitychange", due);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", due);
    };
  }, [matches, revalidate]);
  return null;
}
