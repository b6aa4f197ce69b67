import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { useLocation } from "react-router";
import { readCookie } from "../../lib/cookies";
import { returnPathOf } from "../../lib/newsletter";
import { feedbackPath, VOTES_COOKIE, votedOffers } from "../../lib/offer-feedback";
import type { FeedbackOutcome } from "./send-offer-feedback";
import { onVotes, recordVote } from "./vote-tallies";

/** Whether this browser has voted on the offer: the Worker's `dp_votes` cookie (one vote per
 * visitor per offer). The server renders the question; the browser then reads the cookie,
 * again after each vote (the card and the code dialog of one offer ask once between them). */
function useVoted(offerId: string): boolean {
  return useSyncExternalStore(
    onVotes,
    () => votedOffers(readCookie(document.cookie, VOTES_COOKIE)).includes(offerId),
    () => false,
  );
}

export type FeedbackSubject = "code" | "coupon" | "deal";

/**
 * "Did this code work? Yes / No". Without JavaScript it is a form post that comes back to
 * this page; with JavaScript the vote is sent with fetch (code loaded on the first vote)
 * and the new tally shown in place, on the card's own figures too (vote-tallies.ts). An offer
 * the visitor has voted on says so instead.
 */
export function OfferFeedback({ offerId, what }: { offerId: string; what: FeedbackSubject }) {
  const location = useLocation();
  const questionId = useId();
  const [outcome, setOutcome] = useState<FeedbackOutcome | null>(null);
  const [sending, setSending] = useState(false);
  const voted = useVoted(offerId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (sending || !submitter) return;
    setSending(true);
    try {
      const { sendOfferFeedback } = await import("./send-offer-feedback");
      const outcome = await sendOfferFeedback(offerId, submitter.value);
      setOutcome(outcome);
      recordVote(offerId, outcome.tally ?? null);
    } catch {
      // The sending code itself could not be loaded (offline, or a deploy replaced it).
      setOutcome({ ok: false, text: "Your vote could not be sent. Please try again." });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      method="post"
      action={feedbackPath(offerId)}
      onSubmit={onSubmit}
      className="offer-feedback small d-flex flex-wrap align-items-center gap-2 mt-2"
      aria-busy={sending}
    >
      <input type="hidden" name="return_to" value={returnPathOf(location.pathname, location.search)} />
      {outcome?.ok ? null : voted ? (
        <span>{`You have told us whether this ${what} worked. Thanks!`}</span>
      ) : (
        <>
          <span id={questionId}>{`Did this ${what} work?`}</span>
          {/* The answers wrap together, never apart. */}
          <span className="d-inline-flex gap-2">
            <button type="submit" name="worked" value="yes" className="btn btn-outline-secondary btn-sm py-0" disabled={sending} aria-describedby={questionId}>
              Yes
            </button>
            <button type="submit" name="worked" value="no" className="btn btn-outline-secondary btn-sm py-0" disabled={sending} aria-describedby={questionId}>
              No
            </button>
          </span>
        </>
      )}
      <span role="status" aria-live="polite" className={outcome && !outcome.ok ? "text-danger-emphasis" : "text-success-emphasis"}>
        {outcome?.text}
      </span>
    </form>
  );
}
