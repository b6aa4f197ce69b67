import { Suspense, use, type ReactNode } from "react";
import { settledOf } from "../deferred";

/** Renders a section from a deferred loader value: the fallback first (streamed in the
 * shell), then the section once the value resolves; at once when it has already settled. */
export function Deferred<T>({ resolve, fallback, children }: { resolve: Promise<T>; fallback: ReactNode; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Resolved resolve={resolve} render={children} />
    </Suspense>
  );
}

function Resolved<T>({ resolve, render }: { resolve: Promise<T>; render: (value: T) => ReactNode }) {
  const settled = settledOf(resolve);
  if (!settled) return render(use(resolve));
  if (!settled.ok) throw settled.reason;
  return render(settled.value);
}
