import { useId, useRef, useState } from "react";
import { isKeyboardFocus, useDismiss } from "./use-dismiss";

/** Spec section 1: the header's advertising disclosure, shown on hover, on focus and on tap,
 * at every width (FTC: near the links it discloses). On phones it opens across the width
 * under the header (client/styles.css), never beside its button and off the screen. */
export const DISCLOSURE_TEXT =
  "Our reviews are written by our editorial team. We may earn an affiliate commission when you buy through links on this site, at no extra cost to you; it never changes our editorial standards or ratings.";

export function AdDisclosure() {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  useDismiss(open, root, () => setOpen(false), trigger);
  return (
    <div
      ref={root}
      className="ad-disclosure"
      onPointerEnter={(e) => e.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setOpen(false)}
    >
      {/* A link to the terms' disclosure, which a script turns into the tip's button (Space
          presses it, as a button's). */}
      {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript it is a real link (issue 34); the script makes it the tip's button */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <button> would do nothing without JavaScript; the link degrades to the terms' disclosure */}
      <a
        ref={trigger}
        href="/terms-of-use#affiliate-disclosure"
        role="button"
        className="btn btn-link btn-sm text-body-secondary text-decoration-none p-0"
        aria-describedby={open ? tipId : undefined}
        aria-expanded={open}
        onFocus={(e) => isKeyboardFocus(e) && setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={(event) => {
          event.preventDefault();
          setOpen((o) => !o);
        }}
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          setOpen((o) => !o);
        }}
      >
        Advertising Disclosure
      </a>
      {open && (
        <div id={tipId} role="tooltip" className="popover bs-popover-bottom show position-absolute mt-2 ad-disclosure-tip" style={{ top: "100%" }}>
          <div className="popover-header">Advertising Disclosure</div>
          <div className="popover-body">{DISCLOSURE_TEXT}</div>
        </div>
      )}
    </div>
  );
}
