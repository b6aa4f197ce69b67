import { FEEDBACK_MESSAGES, feedbackPath, type FeedbackAnswer } from "../../lib/offer-feedback";
import { successLabel } from "../../lib/offer-labels";
import type { VoteTally } from "./vote-tallies";

/** What the card says once a vote was sent: the thanks and the new tally, or why it failed. */
export interface FeedbackOutcome {
  ok: boolean;
  text: string;
  /** The offer's votes after this one, as the Worker counted them. */
  tally?: VoteTally;
}

/** Sends one vote as JSON (loaded on the first vote, not with the page). */
export async function sendOfferFeedback(offerId: string, worked: string): Promise<FeedbackOutcome> {
  try {
    const response = await fetch(feedbackPath(offerId), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ worked }),
    });
    const answer = (await response.json()) as FeedbackAnswer;
    if (!response.ok) return { ok: false, text: answer.message || FEEDBACK_MESSAGES.unavailable };
    return {
      ok: true,
      text: [FEEDBACK_MESSAGES.thanks, successLabel(answer.worked_count, answer.failed_count)].filter(Boolean).join(" "),
      tally: { worked: answer.worked_count, failed: answer.failed_count },
    };
  } catch {
    return { ok: false, text: FEEDBACK_MESSAGES.unavailable };
  }
}
