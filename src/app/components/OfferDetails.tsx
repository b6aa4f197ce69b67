import { useId, useState, type CSSProperties } from "react";

/** Spec: the details panel opens in 0.35 s, closes in 0.85 s, and is at most 500 px high. */
export const DETAILS_OPEN_S = 0.35;
export const DETAILS_CLOSE_S = 0.85;
export const DETAILS_MAX_HEIGHT_PX = 500;

const OPEN: CSSProperties = {
  maxHeight: DETAILS_MAX_HEIGHT_PX,
  overflowY: "auto",
  visibility: "visible",
  transition: `max-height ${DETAILS_OPEN_S}s ease`,
};

// `visibility` switches only once the panel has folded, so the text stays visible while
// it closes and then leaves the tab order and the accessibility tree.
const CLOSED: CSSProperties = {
  maxHeight: 0,
  overflow: "hidden",
  visibility: "hidden",
  transition: `max-height ${DETAILS_CLOSE_S}s ease, visibility 0s linear ${DETAILS_CLOSE_S}s`,
};

/** The terms of one deal (sanitized `tnc` HTML) behind a disclosure button, closed at first. */
export function OfferDetails({ termsHtml }: { termsHtml: string }) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const panelId = useId();
  return (
    <div className="card-footer bg-transparent">
      <button
        id={buttonId}
        type="button"
        className="btn btn-link btn-sm p-0 text-decoration-none d-inline-flex align-items-center gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Details
        <svg width="12" height="12" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false" style={{ transform: open ? "rotate(180deg)" : undefined, transition: "transform 0.2s" }}>
          <path d="M1.646 4.646a.5.5 0 0 1 .708 0L8 10.293l5.646-5.647a.5.5 0 0 1 .708.708l-6 6a.5.5 0 0 1-.708 0l-6-6a.5.5 0 0 1 0-.708" />
        </svg>
      </button>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="offer-details" style={open ? OPEN : CLOSED}>
        <div className="small text-body-secondary pt-2" dangerouslySetInnerHTML={{ __html: termsHtml }} />
      </div>
    </div>
  );
}
