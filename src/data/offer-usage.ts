import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";

/** Clicks out in the last 24 hours, by offer id. */
export type OfferUsage = ReadonlyMap<string, number>;

/**
 * The "used today" counts of these offers, in one read for the whole page (cached at the
 * edge like any content read). A failed read gives no counts: the cards still show.
 */
export async function readUsage(pb: ContentClient, offerIds: readonly string[]): Promise<OfferUsage> {
  const ids = [...new Set(offerIds)].sort();
  if (!ids.length) return new Map();
  const params = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  try {
    const usage = await pb.collection(COLLECTIONS.offerUsage).getList<{ id: string; used_today: number }>(1, ids.length, {
      filter: pb.filter(ids.map((_, i) => `id = {:id${i}}`).join(" || "), params),
      fields: "id,used_today",
      skipTotal: true,
    });
    return new Map(usage.items.map((row) => [row.id, row.used_today]));
  } catch (err) {
    console.error("offer usage read failed", err);
    return new Map();
  }
}

/** The offers with their counts from `usage` added. */
export function withUsage<T extends { id: string; used_today?: number }>(offers: T[], usage: OfferUsage): T[] {
  return offers.map((offer) => (usage.has(offer.id) ? { ...offer, used_today: usage.get(offer.id) } : offer));
}
