import { useId } from "react";
import type { BadgeChip } from "../../data/badges";
import type { ProductCardData } from "../../data/products";
import type { CardType } from "../../data/types";
import { formatCount, formatRating } from "../../lib/numbers";
import { formatPrice } from "../../lib/price";
import { Carousel } from "./Carousel";
import { CouponReveal } from "./CouponReveal";
import { OfferBadges } from "./OfferBadges";
import { pingAttributes } from "../../lib/outbound";
import { OutboundLink } from "./OutboundLink";
import { productPath } from "../../lib/slug";
import { AppLink } from "./AppLink";
import { RatingMethodLink } from "./RatingMethodLink";
import { ratingSource } from "./StoreRating";

/** The plan price, shown wherever the page's structured data states it (Google expects a
 * marked-up price to be visible; issue 34). */
export function ProductPrice({ price }: { price: ProductCardData["price"] }) {
  if (!price) return null;
  return (
    <p className="small mb-2">
      <span className="text-body-secondary">Price </span>
      <span className="fw-semibold">{formatPrice(price)}</span>
    </p>
  );
}

/** Rating out of 5, the number of reviews behind it, their source and how the site rates. */
export function ProductRating({ rating, reviewCount, source }: { rating: number; reviewCount: number; source: string }) {
  if (!rating) return null;
  const score = formatRating(rating);
  return (
    <p className="small mb-2">
      <span className="text-warning" aria-hidden="true">
        ★
      </span>{" "}
      <span className="visually-hidden">{`Rated ${score} out of 5`}</span>
      <span aria-hidden="true" className="fw-semibold">
        {score}
      </span>
      <span className="text-body-secondary">{`${reviewCount > 0 ? ` (${formatCount(reviewCount)} reviews)` : ""}${ratingSource(source)} · `}</span>
      <RatingMethodLink />
    </p>
  );
}

/** The call to action (through /goto, new tab) and, when the product has one and `withCoupon`, its coupon code peek. */
export function ProductActions({ product, ctaLabel, withCoupon = true }: { product: ProductCardData; ctaLabel?: string; withCoupon?: boolean }) {
  const label = ctaLabel || product.ctaLabel || "Visit Site";
  return (
    // The product's trigger link for the browser's affiliate ping flow (client/ping.ts).
    <div className="d-flex flex-wrap align-items-center gap-2" {...pingAttributes({ cta_url: product.ctaUrl, cta_trigger: product.ctaTrigger })}>
      {product.ctaUrl && (
        <OutboundLink to={product.ctaUrl} className="btn btn-primary">
          {label}
        </OutboundLink>
      )}
      {withCoupon && product.coupon && (
        <CouponReveal heading={product.headline || product.name} code={product.coupon.coupon_code} ctaUrl={product.ctaUrl} offerId={product.coupon.id} />
      )}
    </div>
  );
}

export function ProsAndCons({ product, compact }: { product: ProductCardData; compact: boolean }) {
  if (!product.prosHtml && !product.consHtml) return null;
  const column = compact ? "col-12" : "col-sm-6";
  return (
    <div className="row g-3 small mb-3 product-pros-cons">
      {product.prosHtml && (
        <div className={column}>
          <p className="fw-semibold text-success-emphasis mb-1">Pros</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's pros, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts */}
          <div dangerouslySetInnerHTML={{ __html: product.prosHtml }} />
        </div>
      )}
      {product.consHtml && (
        <div className={column}>
          <p className="fw-semibold text-danger-emphasis mb-1">Cons</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's cons, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts */}
          <div dangerouslySetInnerHTML={{ __html: product.consHtml }} />
        </div>
      )}
    </div>
  );
}

export interface ProductCardProps {
  product: ProductCardData;
  /** Spec: 'medium' is the large listing card, 'small' the compact card. */
  cardType: CardType;
  badges?: readonly BadgeChip[];
  /** The page's own call-to-action label (a comparison's cta_label), before the product's. */
  ctaLabel?: string;
  headingLevel?: 2 | 3 | 4;
}

/** Spec section 9: the product slider shows 2 slides, 3 from 600 px. */
const SLIDER = { slidesPerView: 2, breakpoints: { 600: 3 }, gap: 12 } as const;
const SCREENSHOT = { width: 400, height: 250 } as const;

/** The large card's screenshots. */
function ProductSlider({ product }: { product: ProductCardData }) {
  if (!product.imageUrls.length) return null;
  return (
    <Carousel
      {...SLIDER}
      label={`${product.name} screenshots`}
      items={product.imageUrls}
      itemKey={(url) => url}
      className="mt-3 product-slider"
      renderItem={(url, index) => (
        <img
          className="img-fluid h-auto rounded border object-fit-cover"
          src={url}
          alt={`${product.name}, screenshot ${index + 1}`}
          width={SCREENSHOT.width}
          height={SCREENSHOT.height}
          style={{ aspectRatio: `${SCREENSHOT.width} / ${SCREENSHOT.height}` }}
          loading="lazy"
          decoding="async"
        />
      )}
    />
  );
}

const IMAGE = { medium: { width: 400, height: 300 }, small: { width: 120, height: 90 } } as const;

/** A product: image, badges, name (linking to its page), rating and reviews, summary (large card only), pros and
 * cons, call to action and coupon code peek; the large card also has its screenshot slider. */
export function ProductCard({ product, cardType, badges, ctaLabel, headingLevel = 3 }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const compact = cardType === "small";
  const image = IMAGE[cardType];
  const body = (
    <>
      <OfferBadges badges={badges} />
      <Heading id={headingId} className={compact ? "h6 mb-1" : "h5 mb-1"}>
        <AppLink className="link-body-emphasis" to={productPath(product)}>
          {product.name}
        </AppLink>
      </Heading>
      {product.headline && !compact && <p className="text-body-secondary mb-1">{product.headline}</p>}
      <ProductRating rating={product.rating} reviewCount={product.reviewCount} source={product.ratingSource} />
      <ProductPrice price={product.price} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the product's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts */}
      {!compact && product.summaryHtml && <div className="mb-3" dangerouslySetInnerHTML={{ __html: product.summaryHtml }} />}
      <ProsAndCons product={product} compact={compact} />
      <ProductActions product={product} ctaLabel={ctaLabel} />
    </>
  );
  // A box of the image's own proportions that neither stretches with the text beside it
  // (a flex item would) nor squeezes: the picture is cropped to fill it, never distorted.
  const img = product.imageUrl && (
    <div
      className={`flex-shrink-0 rounded overflow-hidden bg-body-tertiary ${compact ? "align-self-start" : ""}`}
      style={{ aspectRatio: `${image.width} / ${image.height}`, width: compact ? image.width : "100%" }}
    >
      <img
        className="d-block w-100 h-100 object-fit-cover"
        src={product.imageUrl}
        alt=""
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
  return (
    <article className={`card shadow-sm product-card product-card-${cardType}`} aria-labelledby={headingId}>
      {compact ? (
        <div className="card-body d-flex gap-3">
          {img}
          <div className="flex-grow-1">{body}</div>
        </div>
      ) : (
        <div className="card-body">
          <div className="row g-3">
            {img && <div className="col-md-4">{img}</div>}
            <div className={img ? "col-md-8" : "col-12"}>{body}</div>
          </div>
          <ProductSlider product={product} />
        </div>
      )}
    </article>
  );
}
