import type { ProductCardData } from "../../../data/products";
import { ProductActions, ProductPrice, ProductRating } from "../../components/ProductCard";

/** Spec: the overview shows the first 4 products; the rest are in a collapsible section. */
const OVERVIEW_VISIBLE = 4;
const THUMB_WIDTH = 80;
const THUMB_HEIGHT = 60;

function OverviewItem({ product, rank }: { product: ProductCardData; rank: number }) {
  return (
    <li className="d-flex flex-wrap align-items-center gap-3 py-3 border-top">
      <span className="fs-5 fw-bold text-primary" aria-hidden="true">
        {rank}
      </span>
      {product.imageUrl && (
        <img className="rounded object-fit-cover" src={product.imageUrl} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />
      )}
      <div className="flex-grow-1">
        <a className="fw-semibold text-reset" href={`#product-${rank}`}>
          {product.name}
        </a>
        <ProductRating rating={product.rating} reviewCount={product.reviewCount} source={product.ratingSource} />
        <ProductPrice price={product.price} />
      </div>
      {/* The coupon code shows as its last 3 characters until revealed (CouponReveal). */}
      <ProductActions product={product} />
    </li>
  );
}

/** The 'Quick Overview' box: numbered products with rating, coupon peek and call to action. */
export function QuickOverview({ products }: { products: readonly ProductCardData[] }) {
  if (!products.length) return null;
  const first = products.slice(0, OVERVIEW_VISIBLE);
  const rest = products.slice(OVERVIEW_VISIBLE);
  return (
    <section className="card shadow-sm mb-4 quick-overview" aria-labelledby="quick-overview">
      <div className="card-body">
        <h2 id="quick-overview" className="h5 mb-2">
          Quick Overview
        </h2>
        <ol className="list-unstyled mb-0">
          {first.map((product, i) => (
            <OverviewItem key={product.id} product={product} rank={i + 1} />
          ))}
        </ol>
        {rest.length > 0 && (
          // A native disclosure: keyboard and screen-reader ready, and it opens without JavaScript.
          // The label follows the open attribute in CSS, so it is right before hydration too and
          // never lags the toggle event by a task.
          <details className="overview-more">
            <summary className="btn btn-link px-0">
              <span className="when-closed">See More</span>
              <span className="when-open">Show Less</span>
            </summary>
            <ol className="list-unstyled mb-0" start={OVERVIEW_VISIBLE + 1}>
              {rest.map((product, i) => (
                <OverviewItem key={product.id} product={product} rank={OVERVIEW_VISIBLE + i + 1} />
              ))}
            </ol>
          </details>
        )}
      </div>
    </section>
  );
}
