import { createContext, useId, useRef, useState, type ReactNode } from "react";
import { useFocusTrap } from "./use-focus-trap";

/** The phone panel, as the filter inside it sees it: while it is open, ticks are collected
 * and applied together (null beside the list, from the large breakpoint). */
export const FilterPanelContext = createContext<{ close(): void } | null>(null);

/**
 * Spec: the filter sidebar, headed 'Filters'. From the large breakpoint it sits beside the
 * list; below it, it is an offcanvas panel behind a 'Filters' button placed before the
 * list (focus stays inside while open; Escape, the close button and the backdrop close it).
 * The button says how many filters are on (`active`), so a phone shows a filtered list as such.
 */
export function FilterSidebar({ active = 0, children }: { active?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const close = () => setOpen(false);
  useFocusTrap(open, panel, close);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary d-lg-none mb-3 js-only"
        aria-controls={panelId}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {active > 0 ? `Filters (${active} on)` : "Filters"}
      </button>
      <div
        ref={panel}
        id={panelId}
        className={`offcanvas-lg offcanvas-start${open ? " show" : ""}`}
        tabIndex={-1}
        // Named only while it is a dialog: aria-labelledby on a plain div is invalid (Nu
        // checker), and the section inside already carries the name beside the list.
        {...(open ? { role: "dialog", "aria-modal": true, "aria-labelledby": headingId } : {})}
      >
        <div className="offcanvas-header justify-content-end pb-0 js-only">
          <button type="button" className="btn-close" aria-label="Close filters" onClick={close} />
        </div>
        <div className="offcanvas-body">
          <section className="w-100" aria-labelledby={headingId}>
            <h2 id={headingId} className="h5 mb-3">
              Filters
            </h2>
            <FilterPanelContext value={open ? { close } : null}>{children}</FilterPanelContext>
          </section>
        </div>
      </div>
      {open && <div className="offcanvas-backdrop fade show d-lg-none" aria-hidden="true" onClick={close} />}
    </>
  );
}
