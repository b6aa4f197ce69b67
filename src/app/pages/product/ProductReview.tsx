import type { ProductDetails } from "../../../data/product-details";
import { ProsAndCons } from "../../components/ProductCard";

/** Our review: the summary, the description, pros and cons. */
export function ProductReview({ product }: { product: ProductDetails }) {
  if (!product.summaryHtml && !product.descriptionHtml && !product.prosHtml && !product.consHtml) return null;
  return (
    <section className="mb-4" aria-labelledby="product-review">
      <h2 id="product-review" className="h4 mb-3">
        Our review
      </h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts */}
      {product.summaryHtml && <div className="lead" dangerouslySetInnerHTML={{ __html: product.summaryHtml }} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's description, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/product-details.ts */}
      {product.descriptionHtml && <div className="mb-3" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />}
      <ProsAndCons product={product} compact={false} />
    </section>
  );
}
