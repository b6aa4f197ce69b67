import { useId, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { FEEDBACK_MESSAGES, feedbackPath, type FeedbackAnswer } from "../../lib/offer-feedback";
import { returnPathOf } from "../../lib/newsletter";
import { successLabel } from "../../lib/offer-labels";

type Outcome = { ok: true; answer: FeedbackAnswer } | { ok: false; message: string };

async function send(offerId: string, worked: string): Promise<Outcome> {
  try {
    const response = await fetch(feedbackPath(offerId), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ worked }),
    });
    const answer = (await response.json()) as FeedbackAnswer;
    return response.ok ? { ok: true, answer } : { ok: false, message: answer.message || FEEDBACK_MESSAGES.unavailable };
  } catch {
    return { ok: false, message: FEEDBACK_MESSAGES.unavailable };
  }
}

/**
 * "Did this code work? Yes / No". Without JavaScript it is a form post that comes back to
 * this page; with JavaScript the vote is sent with fetch and the new tally shown in place.
 */
export function OfferFeedback({ offerId, what }: { offerId: string; what: "code" | "coupon" | "deal" }) {
  const location = useLocation();
  const questionId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (sending || !submitter) return;
    setSending(true);
    setOutcome(await send(offerId, submitter.value));
    setSending(false);
  }

  const tally = outcome?.ok ? successLabel(outcome.answer.worked_count, outcome.answer.failed_count) : null;
  return (
    <form method="post" action={feedbackPath(offerId)} onSubmit={onSubmit} className="offer-feedback small d-flex flex-wrap align-items-center gap-2 mt-2" aria-busy={sending}>
      <input type="hidden" name="return_to" value={returnPathOf(location.pathname, location.search)} />
      {outcome?.ok ? null : (
        <>
          <span id={questionId}>{`Did this ${what} work?`}</span>
          <button type="submit" name="worked" value="yes" className="btn btn-outline-secondary btn-sm py-0" disabled={sending} aria-describedby={questionId}>
            Yes
          </button>
          <button type="submit" name="worked" value="no" className="btn btn-outline-secondary btn-sm py-0" disabled={sending} aria-describedby={questionId}>
            No
          </button>
        </>
      )}
      <span role="status" aria-live="polite" className={outcome && !outcome.ok ? "text-danger-emphasis" : "text-success-emphasis"}>
        {outcome ? (outcome.ok ? [FEEDBACK_MESSAGES.thanks, tally].filter(Boolean).join(" ") : outcome.message) : null}
      </span>
    </form>
  );
}
