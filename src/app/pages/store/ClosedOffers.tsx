import { ElsewhereOffers } from "./ElsewhereOffers";
import { ExpiredOffers } from "./ExpiredOffers";
import type { ClosedOffersData } from "./store-loader";

/** The store page's closed lists, last: offers valid in other countries only, then those expired lately. */
export function ClosedOffers({ elsewhere, countryName, expired }: ClosedOffersData) {
  return (
    <>
      {countryName && <ElsewhereOffers offers={elsewhere} countryName={countryName} />}
      <ExpiredOffers offers={expired} />
    </>
  );
}
