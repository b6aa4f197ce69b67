import { lazy, Suspense, useState } from "react";
import { REVEAL_PATH } from "../../lib/outbound";

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

/** A coupon's code-reveal button and the modal it opens; `onReveal` runs on the first open.
 * With the code's `offerId`, the modal asks whether the code worked once it is copied. */
export function CouponReveal({
  heading,
  code,
  ctaLabel,
  ctaUrl,
  offerId,
  onReveal,
}: {
  heading: string;
  code: string;
  ctaLabel: string;
  ctaUrl: string;
  offerId?: string;
  onReveal?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary coupon-reveal d-inline-flex align-items-stretch p-0 overflow-hidden"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          if (code) reportReveal(ctaUrl);
          onReveal?.();
        }}
        onPointerEnter={loadModal}
        onFocus={loadModal}
      >
        <span className="px-3 py-2">{code ? "Get Code" : ctaLabel || "Get Deal"}</span>
        {code && (
          <span className="coupon-peek px-2 py-2 font-monospace bg-body text-body border border-primary border-start-0 rounded-end">
            <span className="visually-hidden">ending in </span>
            {codePeek(code)}
          </span>
        )}
      </button>
      {/* With a code the visitor's next step is the partner's site, where the code goes;
          "Get Code" (the button's own words) would be the wrong label there. */}
      {open && (
        <Suspense fallback={null}>
          <CouponCodeModal
            heading={heading}
            code={code}
            ctaLabel={(!code && ctaLabel) || "Go To Website"}
            ctaUrl={ctaUrl}
            offerId={offerId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
