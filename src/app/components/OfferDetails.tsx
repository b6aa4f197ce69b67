import { useId, useState, type CSSProperties } from "react";

/** Spec: the details panel opens in 0.35 s and is at most 500 px high (and closes in 0.85 s:
 * the `offer-details` class in client/styles.css). */
const DETAILS_OPEN_S = 0.35;
const DETAILS_MAX_HEIGHT_PX = 500;

// Closed, the panel has the `offer-details` class's style (max-height 0, hidden): as a style
// attribute in every card it was 110 bytes of each list page's HTML per card. Open, this
// style overrides it.
const OPEN: CSSProperties = {
  maxHeight: DETAILS_MAX_HEIGHT_PX,
  overflow: "auto",
  visibility: "visible",
  contentVisibility: "visible",
  transition: `max-height ${DETAILS_OPEN_S}s ease`,
};

/** The terms of one deal (sanitized `tnc` HTML) behind a disclosure button, closed at first.
 * The button's chevron is drawn by `offer-details-toggle`, and turns when it opens; the
 * class also lays the button out, not Bootstrap's `d-inline-flex`, whose `!important` would
 * keep it on screen without JavaScript, where it can do nothing (`js-only`). */
export function OfferDetails({ termsHtml }: { termsHtml: string }) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const panelId = useId();
  return (
    <div className="card-footer bg-transparent">
      <button
        id={buttonId}
        type="button"
        className="btn btn-link btn-sm p-0 text-decoration-none align-items-center gap-1 offer-details-toggle js-only"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Details
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: the offer's terms panel, inside a page's section: a named <section> would be the same region, but this site's <section>s are a page's top-level parts, which the worker tests slice up to their </section>; a nested one would cut them short */}
      <div id={panelId} role="region" aria-labelledby={buttonId} className="offer-details" style={open ? OPEN : undefined}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the offer's terms, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) when read */}
        <div className="small text-body-secondary pt-2" dangerouslySetInnerHTML={{ __html: termsHtml }} />
      </div>
    </div>
  );
}
