import type { LoaderFunctionArgs } from "react-router";
import { isOffered } from "../../../data/offer-countries";
import { getLiveOffer } from "../../../data/offers";
import { countryName } from "../../../lib/country-name";
import { isRecordId } from "../../../lib/offer-feedback";
import { notFound, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";

/**
 * /offers/{id}/code: the page a coupon's reveal leads to without JavaScript (the Worker has
 * recorded the reveal, src/edge/events/reveal.ts). A live coupon with a code, else 404; a
 * coupon not offered in the visitor's country says where it is, without its code.
 */
export async function codeLoader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!isRecordId(id)) notFound();
  const offer = await getLiveOffer(contentFrom(context), id).catch(rethrowContentError);
  if (offer?.type !== "coupon" || !offer.coupon_code || !offer.expand?.store) notFound();
  const scope = countryFrom(context);
  if (isOffered(scope, offer.countries)) return { offer, elsewhere: null };
  // Not offered here: the code is left out of the page (and of its data).
  return {
    offer: { ...offer, coupon_code: "" },
    elsewhere: { country: scope.country ? countryName(scope.country) : "", offeredIn: (offer.countries ?? []).map(countryName) },
  };
}

export type CodeLoaderData = Awaited<ReturnType<typeof codeLoader>>;
