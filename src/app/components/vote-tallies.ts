import { useSyncExternalStore } from "react";

/** An offer's votes as the Worker counted them after this browser's vote. */
export interface VoteTally {
  worked: number;
  failed: number;
}

/**
 * The tallies the Worker returned for the votes cast on this page, by offer id, so every
 * place showing an offer's votes (its card's "87% worked · 23 votes", both vote forms)
 * shows the count after the visitor's own vote (issue 51). Module scope on purpose: it is
 * the browser's page state, and the server never records one.
 */
const tallies = new Map<string, VoteTally>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Records a vote's outcome (a null tally when the vote was not counted) and tells every form and card. */
export function recordVote(offerId: string, tally: VoteTally | null): void {
  if (tally) tallies.set(offerId, tally);
  for (const listener of listeners) listener();
}

/** The offer's tally after a vote on this page; null before one (the card shows its own counts). */
export function useVoteTally(offerId: string): VoteTally | null {
  return useSyncExternalStore(
    subscribe,
    () => tallies.get(offerId) ?? null,
    () => null,
  );
}

/** Re-renders on every vote recorded on this page (for reading the votes cookie again). */
export const onVotes = subscribe;
