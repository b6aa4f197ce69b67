import { useLayoutEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * While `active`: focus moves into `container` (to `initialFocus`, else its first control),
 * Tab and Shift+Tab cycle inside it, and Escape calls `onEscape`. When it ends, focus goes
 * back to whatever had it before (the control that opened the dialog).
 *
 * A layout effect, so that all this is in place before the browser paints the container: a
 * dialog that commits outside the click (its lazy chunk arriving later) would otherwise show
 * for a frame with focus outside it and Escape ignored.
 */
export function useFocusTrap(active: boolean, container: RefObject<HTMLElement | null>, onEscape: () => void, initialFocus?: RefObject<HTMLElement | null>) {
  const latestEscape = useRef(onEscape);
  latestEscape.current = onEscape;
  useLayoutEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusableIn(root)[0] ?? root).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        latestEscape.current();
        return;
      }
      if (event.key !== "Tab") return;
      const controls = focusableIn(root);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [active, container, initialFocus]);
}
