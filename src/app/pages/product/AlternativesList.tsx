import type { BestOffer } from "../../../data/product-offers";
import type { ProductCardData } from "../../../data/products";
import { productPath } from "../../../lib/slug";
import { AppLink } from "../../components/AppLink";
import { BestOfferAction } from "../../components/BestOfferAction";
import { ProductPrice, ProductRating } from "../../components/ProductCard";

const IMAGE = { width: 120, height: 90 } as const;

function BestOfferLine({ product, offer }: { product: ProductCardData; offer: BestOffer | undefined }) {
  if (!offer) return <p className="small text-body-secondary mb-0">No live offer just now.</p>;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span className="small fw-semibold">{offer.heading}</span>
      <BestOfferAction product={product} offer={offer} />
    </div>
  );
}

/** The alternatives, ranked: position, image, name (to its page), rating, price, headline and best offer. */
export function AlternativesList({ alternatives, offers }: { alternatives: ProductCardData[]; offers: Record<string, BestOffer> }) {
  return (
    <ol className="list-unstyled d-grid gap-3 mb-4" aria-label="Alternatives, best first">
      {alternatives.map((product, index) => (
        <li key={product.id}>
          <article className="card shadow-sm" aria-labelledby={`alternative-${product.id}`}>
            <div className="card-body d-flex gap-3">
              <span className="fs-3 fw-bold text-body-secondary flex-shrink-0" aria-hidden="true">
                {index + 1}
              </span>
              {product.imageUrl && (
                <img
                  className="rounded border object-fit-cover flex-shrink-0 d-none d-sm-block"
                  src={product.imageUrl}
                  alt=""
                  width={IMAGE.width}
                  height={IMAGE.height}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div className="flex-grow-1">
                <h2 id={`alternative-${product.id}`} className="h5 mb-1">
                  <span className="visually-hidden">{`${index + 1}. `}</span>
                  <AppLink className="link-body-emphasis" to={productPath(product)}>
                    {product.name}
                  </AppLink>
                </h2>
                {product.headline && <p className="small text-body-secondary mb-1">{product.headline}</p>}
                <ProductRating rating={product.rating} reviewCount={product.reviewCount} source={product.ratingSource} />
                <ProductPrice price={product.price} />
                <BestOfferLine product={product} offer={offers[product.id]} />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
