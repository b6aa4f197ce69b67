import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";

/**
 * The offers with their "used today" count, from one read for the whole list (cached at the
 * edge like any content read). A failed read leaves the counts out: the cards still show.
 */
export async function withUsage<T extends { id: string; used_today?: number }>(pb: ContentClient, offers: T[]): Promise<T[]> {
  if (!offers.length) return offers;
  const ids = [...new Set(offers.map((offer) => offer.id))].sort();
  const params = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  try {
    const usage = await pb.collection(COLLECTIONS.offerUsage).getList<{ id: string; used_today: number }>(1, ids.length, {
      filter: pb.filter(ids.map((_, i) => `id = {:id${i}}`).join(" || "), params),
      fields: "id,used_today",
      skipTotal: true,
    });
    const counts = new Map(usage.items.map((row) => [row.id, row.used_today]));
    return offers.map((offer) => (counts.has(offer.id) ? { ...offer, used_today: counts.get(offer.id) } : offer));
  } catch (err) {
    console.error("offer usage read failed", err);
    return offers;
  }
}
