import { useEffect, useRef, useState } from "react";

/** Spec section 9: the copy confirmation shows for 3 s. */
const COPIED_MS = 3000;

/** Copies with the Clipboard API; where it is missing or refused (an insecure origin, an
 * old browser) through a selected off-screen text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } finally {
      area.remove();
    }
  }
}

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** Accessible name while idle, when the visible "Copy" needs context (e.g. "Copy code"). */
  label?: string;
  className?: string;
  /** Runs after each successful copy. */
  onCopied?: () => void;
}

/** A button that copies `text` and reads 'Copied' for 3 seconds (spec: code blocks, coupon codes). */
export function CopyButton({ text, label, className = "btn btn-sm btn-outline-secondary", onCopied }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    if (!(await copyText(text))) return;
    setCopied(true);
    onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <>
      <button type="button" className={className} onClick={onClick} aria-label={copied ? undefined : label}>
        {copied ? "Copied" : "Copy"}
      </button>
      {/* Announced to screen readers; the button's own text change is not. */}
      <span className="visually-hidden" role="status">
        {copied ? "Copied to clipboard" : ""}
      </span>
    </>
  );
}
