import { MIN_ALTERNATIVES } from "../../../lib/review-rules";
import type { ProductDetails } from "../../../data/product-details";
import type { ProductCardData } from "../../../data/products";
import { alternativesPath, productPath } from "../../../lib/slug";
import { AppLink } from "../../components/AppLink";
import { ProductRating } from "../../components/ProductCard";

/** Its best alternatives and, when there are enough for a page of their own, the link to it. */
export function ProductAlternatives({ product, items, total }: { product: ProductDetails; items: ProductCardData[]; total: number }) {
  if (!items.length) return null;
  return (
    <section className="mb-4" aria-labelledby="product-alternatives">
      <h2 id="product-alternatives" className="h4 mb-3">
        {`Alternatives to ${product.name}`}
      </h2>
      <ol className="list-unstyled row row-cols-1 row-cols-md-3 row-cols-lg-1 g-3 mb-3">
        {items.map((alternative) => (
          <li className="col" key={alternative.id}>
            <div className="border rounded-3 p-3 h-100">
              <AppLink className="fw-semibold" to={productPath(alternative)}>
                {alternative.name}
              </AppLink>
              <ProductRating rating={alternative.rating} reviewCount={alternative.reviewCount} source={alternative.ratingSource} />
            </div>
          </li>
        ))}
      </ol>
      {total >= MIN_ALTERNATIVES && (
        <AppLink className="btn btn-outline-primary" to={alternativesPath(product)}>
          {`${product.name} alternatives, ranked`}
        </AppLink>
      )}
    </section>
  );
}
