import { Suspense, use, type ReactNode } from "react";

/** Renders a section from a deferred loader value: the fallback first (streamed in the
 * shell), then the section once the value resolves. */
export function Deferred<T>({ resolve, fallback, children }: { resolve: Promise<T>; fallback: ReactNode; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Resolved resolve={resolve} render={children} />
    </Suspense>
  );
}

function Resolved<T>({ resolve, render }: { resolve: Promise<T>; render: (value: T) => ReactNode }) {
  return render(use(resolve));
}
