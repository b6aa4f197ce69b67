import { HOW_WE_RATE } from "../../lib/method-pages";
import { AppLink } from "./AppLink";

/** The affiliate disclosure beside a comparison table and a product's offers (issue 53; FTC:
 * near the links it discloses), with where the ratings beside them come from. */
export function AffiliateDisclosure({ className = "" }: { className?: string }) {
  return (
    <p className={`small text-body-secondary ${className}`}>
      We may earn a commission when you buy through the links below, at no extra cost to you. It never changes a rating or a ranking:{" "}
      <AppLink to={HOW_WE_RATE}>how we rate</AppLink> and <AppLink to="/terms-of-use#affiliate-disclosure">our affiliate disclosure</AppLink>.
    </p>
  );
}
