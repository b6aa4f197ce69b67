import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { HeaderStore } from "../../data/website";
import { HeaderSearch } from "./HeaderSearch";
import { NavLinks } from "./NavLinks";
import { useDismiss } from "./use-dismiss";

/** The offcanvas menu under the extra-large breakpoint (narrower, the bar has no room for
 * the links and the search). It closes on every completed navigation, on Escape, on the
 * close button and on the backdrop. Its body (search, navigation, store menu) is rendered
 * on first opening, not on the server: it repeats the desktop bar's links, which were a
 * fifth of every page's markup and router links (decision 023). */
export function MobileMenu({ stores, siteName }: { stores: HeaderStore[]; siteName: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useDismiss(open, panel, () => setOpen(false), toggle);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: the menu closes after every completed navigation
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  return (
    <>
      <button
        ref={toggle}
        className="navbar-toggler js-only"
        type="button"
        aria-controls={panelId}
        aria-expanded={open}
        aria-label="Open menu"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span className="navbar-toggler-icon" />
      </button>
      <div
        ref={panel}
        id={panelId}
        className={`offcanvas offcanvas-end d-xl-none${open ? " show" : ""}`}
        style={{ visibility: open ? "visible" : "hidden" }}
        tabIndex={-1}
        role="dialog"
        aria-modal={open}
        aria-labelledby={titleId}
      >
        <div className="offcanvas-header">
          <h2 className="offcanvas-title h5" id={titleId}>
            {siteName}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="btn-close"
            aria-label="Close menu"
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          />
        </div>
        {opened && (
          <div className="offcanvas-body">
            <HeaderSearch className="mb-3" />
            <NavLinks stores={stores} className="navbar-nav" />
          </div>
        )}
      </div>
      {open && <div className="offcanvas-backdrop fade show d-xl-none" aria-hidden="true" />}
    </>
  );
}
