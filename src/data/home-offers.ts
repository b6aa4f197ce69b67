import { BEST_DEALS, LATEST_DEALS, POPULAR_DEALS, TOP_DEALS } from "./home-sizes";

/**
 * Home shows offers in four sections: Top Deals, Best deals, the deals of Popular offers
 * and Latest Deals. Three of them draw on the same top deals, and the most clicked featured
 * deals are often top deals too; a visitor who meets one offer three times on one page
 * stops reading. So no offer is shown twice: each section, in page order, takes the next
 * of its candidates that no earlier section shows.
 */
export type HomeOfferSection = "topDeals" | "bestDeals" | "popularDeals" | "latestDeals";
export type HomeOffers<T> = Record<HomeOfferSection, T[]>;

/** Top deals to read: enough for all three of their sections after Best deals has taken some. */
export const TOP_DEAL_CANDIDATES = TOP_DEALS + BEST_DEALS + POPULAR_DEALS + LATEST_DEALS;
/** Featured deals to read: enough for Best deals after Top Deals has taken some. */
export const BEST_DEAL_CANDIDATES = BEST_DEALS + TOP_DEALS;

export function allotHomeOffers<T extends { id: string }>(candidates: { topDeals: readonly T[]; bestDeals: readonly T[] }): HomeOffers<T> {
  const shown = new Set<string>();
  const take = (list: readonly T[], count: number): T[] => {
    const picked = list.filter((offer) => !shown.has(offer.id)).slice(0, count);
    for (const offer of picked) shown.add(offer.id);
    return picked;
  };
  const topDeals = take(candidates.topDeals, TOP_DEALS);
  const bestDeals = take(candidates.bestDeals, BEST_DEALS);
  const popularDeals = take(candidates.topDeals, POPULAR_DEALS);
  const latestDeals = take(candidates.topDeals, LATEST_DEALS);
  return { topDeals, bestDeals, popularDeals, latestDeals };
}
