import { ADVERTORIAL_NOTICE, SPONSORED_LABEL } from "../../lib/sponsored";

/** The label paid content carries at its top, before its title. */
export function SponsoredNotice({ className = "" }: { className?: string }) {
  return (
    <p className={`small text-body-secondary ${className}`}>
      <span className="badge text-bg-warning me-2">{SPONSORED_LABEL}</span>
      {ADVERTORIAL_NOTICE}
    </p>
  );
}
