import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { CopyButton } from "./CopyButton";
import { OfferFeedback } from "./OfferFeedback";
import { OutboundLink } from "./OutboundLink";
import { useFocusTrap } from "./use-focus-trap";

export interface CouponCodeModalProps {
  heading: string;
  code: string;
  ctaUrl: string;
  /** The offer the code belongs to: once the code is copied, the dialog asks whether it worked. */
  offerId: string;
  onClose: () => void;
}

/** Spec: the modal titled 'Coupon Code' with the code and a copy button. A coupon without a
 * code has no modal: its button leads to the partner at once (issue 51, one click, not two).
 * Focus starts on the code (selected, ready to copy) and stays inside; Escape, the close
 * button and the backdrop close it, and focus returns to the opener. The next step is the
 * partner's site, where the code goes: "Go To Website". */
export function CouponCodeModal({ heading, code, ctaUrl, offerId, onClose }: CouponCodeModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const titleId = useId();
  useFocusTrap(true, dialog, onClose, codeField);
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // A portal: a card inside a carousel slide sits in a transformed box, where a fixed
  // position would be relative to the slide instead of the window.
  return createPortal(
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the dialog, a mouse shortcut only: the keyboard has Escape (useFocusTrap) and the Close button */}
      <div className="modal d-block" role="presentation" onClick={(event) => event.target === event.currentTarget && onClose()}>
        <div ref={dialog} className="modal-dialog modal-dialog-centered" role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                Coupon Code
              </h2>
              <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
            </div>
            <div className="modal-body text-center">
              <p>{heading}</p>
              <CodeToCopy code={code} fieldRef={codeField} onCopied={() => setCopied(true)} />
              {copied && (
                <div className="d-flex justify-content-center">
                  <OfferFeedback offerId={offerId} what="code" />
                </div>
              )}
            </div>
            {ctaUrl && (
              <div className="modal-footer justify-content-center">
                <OutboundLink to={ctaUrl} className="btn btn-primary">
                  Go To Website
                </OutboundLink>
              </div>
            )}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" aria-hidden="true" />
    </>,
    document.body,
  );
}

function CodeToCopy({ code, fieldRef, onCopied }: { code: string; fieldRef: RefObject<HTMLInputElement | null>; onCopied: () => void }) {
  const fieldId = useId();
  return (
    <>
      <label htmlFor={fieldId} className="visually-hidden">
        Coupon code
      </label>
      <div className="input-group input-group-lg">
        <input
          ref={fieldRef}
          id={fieldId}
          className="form-control text-center font-monospace fw-bold"
          value={code}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={code} label="Copy code" className="btn btn-primary" onCopied={onCopied} />
      </div>
    </>
  );
}
