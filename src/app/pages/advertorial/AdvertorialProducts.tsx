import type { ProductCardData } from "../../../data/products";
import { ProductActions, ProductPrice } from "../../components/ProductCard";

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;
const FRAME = { aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}` };

/** Spec: the numbered products, each with its headline, call to action (label and link) and
 * summary; and its price where it has one (the page's structured data states it). */
export function AdvertorialProducts({ products }: { products: readonly ProductCardData[] }) {
  if (!products.length) return null;
  return (
    <ol className="list-unstyled advertorial-products">
      {products.map((product, i) => {
        const rank = i + 1;
        return (
          <li className="card shadow-sm mb-4" id={`product-${rank}`} key={product.id} aria-labelledby={`product-${rank}-heading`}>
            <div className="card-body">
              <h3 id={`product-${rank}-heading`} className="h5">
                <span className="badge text-bg-primary me-2">{rank}</span>
                {product.headline || product.name}
              </h3>
              <div className="row g-3">
                {product.imageUrl && (
                  <div className="col-sm-4">
                    <img
                      className="img-fluid h-auto rounded object-fit-cover"
                      src={product.imageUrl}
                      alt=""
                      width={IMAGE_WIDTH}
                      height={IMAGE_HEIGHT}
                      style={FRAME}
                      loading="lazy"
                      decoding="async"
                    />
                  </div>
                )}
                <div className={product.imageUrl ? "col-sm-8" : "col-12"}>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts */}
                  {product.summaryHtml && <div dangerouslySetInnerHTML={{ __html: product.summaryHtml }} />}
                  <ProductPrice price={product.price} />
                  <ProductActions product={product} withCoupon={false} />
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
