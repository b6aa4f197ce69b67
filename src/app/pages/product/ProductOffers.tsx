import type { ListedOffer } from "../../../data/offers";
import { offerNode } from "../../../lib/offer-structured-data";
import { AffiliateDisclosure } from "../../components/AffiliateDisclosure";
import { JsonLd } from "../../components/JsonLd";
import { OfferCard } from "../../components/OfferCard";
import { useRootData } from "../../root-data";

/** Its live coupons and deals for the visitor's country, best first, with the cards' reveal
 * and votes, the affiliate disclosure beside them, and each as an Offer of the product. */
export function ProductOffers({ offers, productName, productNodeId }: { offers: ListedOffer[]; productName: string; productNodeId?: string }) {
  const { siteOrigin } = useRootData();
  return (
    <section className="mb-4" id="offers" aria-labelledby="product-offers">
      <h2 id="product-offers" className="h4 mb-2">
        {`${productName} coupons & deals`}
      </h2>
      <AffiliateDisclosure className="mb-3" />
      {offers.length ? (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-0">No live coupon or deal for it just now.</p>
      )}
      {/* Live offers only (src/data/live-offers.ts): an expired one gets no Offer markup. */}
      <JsonLd nodes={offers.map((offer) => offerNode(siteOrigin, offer, offer.expand?.store?.title, productNodeId))} />
    </section>
  );
}
