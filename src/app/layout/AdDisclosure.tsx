import { useId, useRef, useState } from "react";
import { isKeyboardFocus, useDismiss } from "./use-dismiss";

/** Spec section 1: the header's advertising disclosure, shown on hover and on focus. */
export const DISCLOSURE_TEXT =
  "Our reviews are written by our editorial team. We may earn an affiliate commission when you buy through links on this site, at no extra cost to you; it never changes our editorial standards or ratings.";

export function AdDisclosure() {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss(open, root, () => setOpen(false), trigger);
  return (
    <div ref={root} className="position-relative" onPointerEnter={(e) => e.pointerType === "mouse" && setOpen(true)} onPointerLeave={(e) => e.pointerType === "mouse" && setOpen(false)}>
      <button
        ref={trigger}
        type="button"
        className="btn btn-link btn-sm text-body-secondary text-decoration-none p-0"
        aria-describedby={open ? tipId : undefined}
        aria-expanded={open}
        onFocus={(e) => isKeyboardFocus(e) && setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
      >
        Advertising Disclosure
      </button>
      {open && (
        <div id={tipId} role="tooltip" className="popover bs-popover-bottom show position-absolute end-0 mt-2" style={{ width: "20rem", top: "100%" }}>
          <div className="popover-header">Advertising Disclosure</div>
          <div className="popover-body">{DISCLOSURE_TEXT}</div>
        </div>
      )}
    </div>
  );
}
