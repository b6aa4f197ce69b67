import type { ProductCardData, PlacedProduct } from "../../../data/products";
import { ProductCard } from "../../components/ProductCard";

/** The primary and secondary products with their badges and card types, then the further products. */
export function ComparedProducts({
  primary,
  secondary,
  further,
  ctaLabel,
}: {
  primary: PlacedProduct | null;
  secondary: PlacedProduct | null;
  further: readonly ProductCardData[];
  ctaLabel: string;
}) {
  const picks = [primary, secondary].filter((p): p is PlacedProduct => p !== null);
  return (
    <>
      {picks.length > 0 && (
        <section className="mb-4" aria-labelledby="top-picks">
          <h2 id="top-picks" className="h4 mb-3">
            Head to head
          </h2>
          {picks.map((pick) => (
            <div className="mb-3" key={pick.product.id}>
              <ProductCard product={pick.product} cardType={pick.cardType} badges={pick.badges} ctaLabel={ctaLabel} />
            </div>
          ))}
        </section>
      )}
      {further.length > 0 && (
        <section className="mb-4" aria-labelledby="more-products">
          <h2 id="more-products" className="h4 mb-3">
            Also worth a look
          </h2>
          {further.map((product) => (
            <div className="mb-3" key={product.id}>
              <ProductCard product={product} cardType="small" ctaLabel={ctaLabel} />
            </div>
          ))}
        </section>
      )}
    </>
  );
}
