import type { OfferCardData } from "../../data/offers";
import { expiryLabel, successLabel, usedTodayLabel, verifiedLabel } from "../../lib/offer-labels";
import { HOW_WE_VERIFY_CODES } from "../../lib/method-pages";
import { useToday } from "../use-today";
import { AppLink } from "./AppLink";
import { useVoteTally } from "./vote-tallies";

/** What a visitor checks before trusting an offer: when it ends, when it was last verified
 * (after a check mark that `offer-verified` draws, linking how codes are verified), how many it worked for, and how often
 * it was used today. Nothing when there is nothing to say. */
export function OfferMeta({ offer }: { offer: OfferCardData }) {
  const now = useToday();
  const ends = expiryLabel(offer.expires_at, now);
  const verified = verifiedLabel(offer.verified_at, now);
  // After the visitor's own vote, the count the Worker answered it with.
  const tally = useVoteTally(offer.id);
  const success = tally ? successLabel(tally.worked, tally.failed) : successLabel(offer.worked_count, offer.failed_count);
  const used = usedTodayLabel(offer.used_today);
  if (!ends && !verified && !success && !used) return null;
  return (
    <ul className="list-inline small mb-0 mt-1 offer-meta">
      {ends && (
        <li className={`list-inline-item${ends.text === "Ends today" ? " fw-semibold text-danger-emphasis" : " text-body-secondary"}`}>
          <time dateTime={ends.dateTime}>{ends.text}</time>
        </li>
      )}
      {verified && (
        <li className="list-inline-item text-success-emphasis offer-verified">
          {/* The mark leads to what it means (issue 53). */}
          <AppLink className="text-reset" to={HOW_WE_VERIFY_CODES}>
            <time dateTime={verified.dateTime}>{verified.text}</time>
          </AppLink>
        </li>
      )}
      {success && <li className="list-inline-item text-body-secondary">{success}</li>}
      {used && <li className="list-inline-item text-body-secondary">{used}</li>}
    </ul>
  );
}
