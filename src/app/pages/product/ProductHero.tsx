import type { ProductDetails } from "../../../data/product-details";
import { ProductActions, ProductPrice, ProductRating } from "../../components/ProductCard";

const IMAGE = { width: 400, height: 300 } as const;

/** The product's name, image, brand, headline, rating with its source, plan price, call to
 * action and code, and its categories. */
export function ProductHero({ product }: { product: ProductDetails }) {
  return (
    <section className="row g-4 align-items-center mb-4" aria-labelledby="product-heading">
      {product.imageUrl && (
        <div className="col-md-4">
          <img
            className="d-block w-100 h-auto rounded-4 border object-fit-cover"
            src={product.imageUrl}
            alt=""
            width={IMAGE.width}
            height={IMAGE.height}
            style={{ aspectRatio: `${IMAGE.width} / ${IMAGE.height}` }}
            fetchPriority="high"
          />
        </div>
      )}
      <div className={product.imageUrl ? "col-md-8" : "col-12"}>
        {product.brand && <p className="small text-body-secondary text-uppercase fw-semibold mb-1">{product.brand}</p>}
        <h1 id="product-heading" className="h2 mb-2">
          {product.name}
        </h1>
        {product.headline && <p className="lead mb-2">{product.headline}</p>}
        <ProductRating rating={product.rating} reviewCount={product.reviewCount} source={product.ratingSource} />
        <ProductPrice price={product.price} />
        <ProductActions product={product} />
        {product.categories.length > 0 && (
          <ul className="list-inline small mt-3 mb-0" aria-label="Categories">
            {product.categories.map((title) => (
              <li className="list-inline-item badge text-bg-light border" key={title}>
                {title}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
