import type { LoaderFunctionArgs } from "react-router";
import { listCategoryNames } from "../../../data/categories";
import { readUsage, withUsage } from "../../../data/offer-usage";
import { splitByCountry } from "../../../data/offer-countries";
import { listOffers } from "../../../data/offers";
import { listStoreFiltersOrEmpty } from "../../../data/stores";
import type { OfferType } from "../../../data/types";
import { defer } from "../../deferred";
import { badRequest, requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { categoryIdsFrom, pageFrom } from "./filter-params";

export const OFFER_TYPES: readonly OfferType[] = ["coupon", "deal"];

/** The `type` filter: absent for every offer, else 'coupon' or 'deal' (anything else is a 400). */
export function offerTypeFrom(params: URLSearchParams): OfferType | undefined {
  const type = params.get("type");
  if (type === null || type === "") return undefined;
  if (!(OFFER_TYPES as readonly string[]).includes(type)) badRequest("The offer type is not valid.");
  return type as OfferType;
}

/** The Offers list: every offer across stores, 30 per page, featured first then newest,
 * optionally one type and any of the given categories. Offers limited to other countries
 * than the visitor's are left out (a page may then show fewer than 30: the pages are those
 * of the read every country shares; the page shows no count). */
export async function offersLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const categoryIds = categoryIdsFrom(params);
  const type = offerTypeFrom(params);
  const page = pageFrom(params);
  const pb = contentFrom(context);
  const categories = defer(listStoreFiltersOrEmpty(pb));
  const [offers, selected] = await Promise.all([listOffers(pb, { page, type, categoryIds }), listCategoryNames(pb, categoryIds)]).catch(rethrowContentError);
  requirePageInRange(page, offers.items.length);
  const { offered } = splitByCountry(countryFrom(context), offers.items, (offer) => offer.countries);
  const items = withUsage(
    offered,
    await readUsage(
      pb,
      offered.map((offer) => offer.id),
    ),
  );
  return { offers: { ...offers, items }, type: type ?? null, categoryIds, selected, categories };
}

export type OffersLoaderData = Awaited<ReturnType<typeof offersLoader>>;
