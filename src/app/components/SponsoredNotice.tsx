import { ADVERTORIAL_NOTICE, SPONSORED_LABEL } from "../../lib/sponsored";

/** The label paid content carries at its top, before its title. */
export function SponsoredNotice({ className = "" }: { className?: string }) {
  return (
    <p className={`small text-body-secondary ${className}`}>
      <SponsoredBadge className="me-2" />
      {ADVERTORIAL_NOTICE}
    </p>
  );
}

/** The label of every list item, card and suggestion that shows paid content. */
export function SponsoredBadge({ className = "" }: { className?: string }) {
  return <span className={`badge text-bg-warning ${className}`}>{SPONSORED_LABEL}</span>;
}
