import type { ReactNode } from "react";

/** One of the store page's closed lists, after its offers: a closed disclosure headed with
 * how many it holds, a note on why they cannot be used, and inert items (no code, no link
 * out, no vote). */
export function ClosedList({ id, title, note, children }: { id: string; title: ReactNode; note: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-4" aria-labelledby={id}>
      <details className="border rounded-3 p-3">
        <summary>
          <h2 id={id} className="h6 d-inline mb-0">
            {title}
          </h2>
        </summary>
        <p className="small text-body-secondary mt-2">{note}</p>
        <ul className="list-unstyled d-grid gap-2 mb-0">{children}</ul>
      </details>
    </section>
  );
}

/** Spec: offers of type deal are deals, everything else is a coupon. */
export const offerTypeName = (type: string) => (type === "deal" ? "Deal" : "Coupon");
