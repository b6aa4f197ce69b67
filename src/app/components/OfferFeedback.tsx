import { useId, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { returnPathOf } from "../../lib/newsletter";
import { feedbackPath } from "../../lib/offer-feedback";
import type { FeedbackOutcome } from "./send-offer-feedback";

/**
 * "Did this code work? Yes / No". Without JavaScript it is a form post that comes back to
 * this page; with JavaScript the vote is sent with fetch (code loaded on the first vote)
 * and the new tally shown in place.
 */
export function OfferFeedback({ offerId, what }: { offerId: string; what: "code" | "coupon" | "deal" }) {
  const location = useLocation();
  const questionId = useId();
  const [outcome, setOutcome] = useState<FeedbackOutcome | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (sending || !submitter) return;
    setSending(true);
    try {
      const { sendOfferFeedback } = await import("./send-offer-feedback");
      setOutcome(await sendOfferFeedback(offerId, submitter.value));
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
      {outcome?.ok ? null : (
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
