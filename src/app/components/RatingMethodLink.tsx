import { HOW_WE_RATE } from "../../lib/method-pages";
import { AppLink } from "./AppLink";

/** "How we rate", beside a rating (issue 53). Raised above a card's stretched link. */
export function RatingMethodLink() {
  return (
    <AppLink className="position-relative z-1" to={HOW_WE_RATE}>
      How we rate
    </AppLink>
  );
}
