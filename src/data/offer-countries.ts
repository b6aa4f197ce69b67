import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { listLive } from "./live-offers";
import type { OfferType } from "./types";

/**
 * Offers for the visitor's country (issue 36, docs/decisions/042). Reads stay the same for
 * every visitor (shared by the edge cache): lists are narrowed in memory, by the country
 * the loader context gives. Whoever narrows a list by country tells the context so when the
 * list holds an offer limited to some countries, and the page cache then keeps one copy of
 * that page per country (src/edge/cache/page-cache.ts); every other page stays one copy for all.
 */
export interface CountryScope {
  /** ISO 3166-1 alpha-2; null when unknown: the worldwide view, every offer offered. */
  country: string | null;
  /** Called when what is shown depends on the country. */
  varies(): void;
}

/** The worldwide view, depending on nothing (reads outside a page, tests). */
export const WORLDWIDE: CountryScope = { country: null, varies: () => undefined };

/** Whether an offer limited to `countries` (empty: worldwide) is offered to a visitor from
 * `country` (null: unknown, who is offered everything). */
export function offeredIn(countries: readonly string[] | undefined, country: string | null): boolean {
  return country === null || !countries?.length || countries.includes(country);
}

/** Whether an offer limited to `countries` is offered in the scope's country. Meeting a limited offer makes the page depend on the country, offered or not. */
export function isOffered(scope: CountryScope, countries: readonly string[] | undefined): boolean {
  if (countries?.length) scope.varies();
  return offeredIn(countries, scope.country);
}

/** Splits `offers` into those offered in the scope's country and the others, order kept. */
export function splitByCountry<T>(
  scope: CountryScope,
  offers: readonly T[],
  countriesOf: (offer: T) => readonly string[] | undefined,
): { offered: T[]; elsewhere: T[] } {
  const offered: T[] = [];
  const elsewhere: T[] = [];
  for (const offer of offers) (isOffered(scope, countriesOf(offer)) ? offered : elsewhere).push(offer);
  return { offered, elsewhere };
}

/** A live offer limited to some countries, as counts and lists without its countries need it. */
export interface LimitedOffer {
  id: string;
  type: OfferType;
  countries: string[];
}

/** At most this many limited offers are read per scope (one read). Past it, a list's count
 * could miss some (a content of thousands of country-limited offers would read by country). */
const LIMITED_OFFERS_READ = 500;

/** The live offers of `scope` (a pb.filter, or "" for all) limited to some countries: one
 * read, the same for every visitor. Their dates are read so the edge ends the read's
 * freshness at the next start or expiry (src/edge/cache/offer-schedule.ts). */
export async function listLimitedOffers(pb: ContentClient, scope = ""): Promise<Map<string, LimitedOffer>> {
  const result = await listLive<LimitedOffer>(pb, COLLECTIONS.offers, 1, LIMITED_OFFERS_READ, {
    filter: ["countries:length > 0", scope]
      .filter(Boolean)
      .map((clause) => `(${clause})`)
      .join(" && "),
    sort: "id",
    fields: "id,type,countries,starts_at,expires_at",
    skipTotal: true,
  });
  return new Map(result.items.map((offer) => [offer.id, offer]));
}

/** How many of `limited` are not offered in the scope's country (to take from a count). */
export function countElsewhere(scope: CountryScope, limited: Iterable<LimitedOffer>, include: (offer: LimitedOffer) => boolean = () => true): number {
  let count = 0;
  for (const offer of limited) if (include(offer) && !isOffered(scope, offer.countries)) count++;
  return count;
}
