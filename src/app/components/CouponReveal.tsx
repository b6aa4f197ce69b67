import { lazy, Suspense, useState } from "react";
import { REVEAL_PATH, REVEALED_OFFER_FIELD } from "../../lib/outbound";

/** The modal, its copy button and focus trap load on the first open (or when the pointer or
 * focus comes to a reveal button): no page needs them to render or hydrate. A click before
 * the chunk arrives opens the modal as soon as it does. */
const loadModal = () => import("./CouponCodeModal");
const CouponCodeModal = lazy(() => loadModal().then(({ CouponCodeModal }) => ({ default: CouponCodeModal })));

/** Spec: the 'Get Code' peek shows the last 3 characters of the code. */
export const PEEK_LENGTH = 3;

export function codePeek(code: string): string {
  return Array.from(code).slice(-PEEK_LENGTH).join("");
}

/** Tells the site a code was shown (an outbound event of kind "reveal", docs/events.md): a
 * beacon, so it never delays the modal and survives the visitor leaving the page. */
function reportReveal(ctaUrl: string): void {
  if (ctaUrl) navigator.sendBeacon?.(REVEAL_PATH, new URLSearchParams({ url: ctaUrl }));
}

/**
 * A coupon code's reveal button and the modal it opens; `onReveal` runs on the first open.
 * The button submits a form: without JavaScript the Worker records the reveal and answers
 * with the code's own page (/offers/{id}/code); with JavaScript the modal opens instead and
 * a beacon records the reveal. Once the code is copied, the modal asks whether it worked.
 */
export function CouponReveal({
  heading,
  code,
  ctaUrl,
  offerId,
  onReveal,
}: {
  heading: string;
  code: string;
  ctaUrl: string;
  offerId: string;
  onReveal?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <form
      method="post"
      action={REVEAL_PATH}
      className="d-inline-flex"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(true);
        reportReveal(ctaUrl);
        onReveal?.();
      }}
    >
      <input type="hidden" name="url" value={ctaUrl} />
      <input type="hidden" name={REVEALED_OFFER_FIELD} value={offerId} />
      <button
        type="submit"
        className="btn btn-primary coupon-reveal d-inline-flex align-items-stretch p-0 overflow-hidden"
        aria-haspopup="dialog"
        onPointerEnter={loadModal}
        onFocus={loadModal}
      >
        <span className="px-3 py-2">Get Code</span>
        <span className="coupon-peek px-2 py-2 font-monospace bg-body text-body border border-primary border-start-0 rounded-end">
          <span className="visually-hidden">ending in </span>
          {codePeek(code)}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CouponCodeModal heading={heading} code={code} ctaUrl={ctaUrl} offerId={offerId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </form>
  );
}
