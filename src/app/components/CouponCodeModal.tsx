import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { OutboundLink } from "./OutboundLink";
import { useFocusTrap } from "./use-focus-trap";

/** How long the copy button says "Copied" (spec section 9: copy confirmation 3 s). */
export const COPY_CONFIRMATION_MS = 3_000;

export const NO_CODE_TEXT = "Coupon Activated ...";

export interface CouponCodeModalProps {
  heading: string;
  /** Empty when the coupon needs no code. */
  code: string;
  ctaLabel: string;
  ctaUrl: string;
  onClose: () => void;
}

/** Spec: the modal titled 'Coupon Code' with the code and a copy button, or 'Coupon Activated ...'
 * when there is no code. It traps focus, closes on Escape, the close button and the backdrop,
 * and hands focus back to the button that opened it. */
export function CouponCodeModal({ heading, code, ctaLabel, ctaUrl, onClose }: CouponCodeModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useFocusTrap(true, dialog, onClose, code ? copyButton : undefined);
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
              {code ? <CodeToCopy code={code} buttonRef={copyButton} /> : <p className="fs-5 fw-semibold text-success-emphasis mb-0">{NO_CODE_TEXT}</p>}
            </div>
            {ctaUrl && (
              <div className="modal-footer justify-content-center">
                <OutboundLink to={ctaUrl} className="btn btn-primary">
                  {ctaLabel}
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

function CodeToCopy({ code, buttonRef }: { code: string; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure origin): select the code so Ctrl+C copies it.
      field.current?.select();
    }
  }

  return (
    <>
      <label htmlFor={fieldId} className="visually-hidden">
        Coupon code
      </label>
      <div className="input-group input-group-lg">
        <input ref={field} id={fieldId} className="form-control text-center font-monospace fw-bold" value={code} readOnly onFocus={(event) => event.currentTarget.select()} />
        <button ref={buttonRef} type="button" className="btn btn-primary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? "Code copied to the clipboard" : ""}
      </p>
    </>
  );
}
