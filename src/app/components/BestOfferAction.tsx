import type { BestOffer } from "../../data/product-offers";
import { productPath } from "../../lib/slug";
import { AppLink } from "./AppLink";
import { OutboundLink } from "./OutboundLink";

/** What a product's best offer leads to where it is summed up (a comparison table, a list of
 * alternatives): a deal's partner link, or a coupon's card on the product's page, where its
 * code is revealed as every code is. Named for its product, since several sit side by side. */
export function BestOfferAction({ product, offer }: { product: { id: string; name: string }; offer: BestOffer }) {
  if (offer.type === "coupon") {
    return (
      <AppLink className="btn btn-sm btn-outline-primary" to={`${productPath(product)}#offers`}>
        Get code<span className="visually-hidden">{` for ${product.name}`}</span>
      </AppLink>
    );
  }
  if (!offer.cta_url) return null;
  return (
    <OutboundLink className="btn btn-sm btn-primary" to={offer.cta_url}>
      {offer.cta_label || "Get deal"}
      <span className="visually-hidden">{`: ${product.name} (opens in a new tab)`}</span>
    </OutboundLink>
  );
}
