import { tableProducts, type ComparisonTable as TableData } from "../../data/comparison-table";
import type { BestOffer } from "../../data/product-offers";
import type { ProductCardData } from "../../data/products";
import { HOW_WE_RATE } from "../../lib/method-pages";
import { formatCount } from "../../lib/numbers";
import { formatPrice } from "../../lib/price";
import { productPath } from "../../lib/slug";
import { BestOfferAction } from "./BestOfferAction";
import { AffiliateDisclosure } from "./AffiliateDisclosure";
import { AppLink } from "./AppLink";

const HEADING_ID = "side-by-side";
const NOTE_ID = "side-by-side-note";
const CAPTION_ID = "side-by-side-caption";

/** "—" for a spec or figure the product does not state, said in words to assistive technology. */
function NotStated() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not stated</span>
    </>
  );
}

function RatingCell({ product }: { product: ProductCardData }) {
  if (!(product.rating > 0)) return <NotStated />;
  return (
    <>
      <strong>{`${product.rating.toFixed(1)} / 5`}</strong>
      {product.reviewCount > 0 && <span className="d-block text-body-secondary">{`${formatCount(product.reviewCount)} reviews`}</span>}
      {product.ratingSource && <span className="d-block text-body-secondary">{`Source: ${product.ratingSource}`}</span>}
    </>
  );
}

/** The best live offer: its heading and the plan price, then where it leads. */
function OfferCell({ product, offer }: { product: ProductCardData; offer: BestOffer | undefined }) {
  return (
    <>
      {offer ? <span className="d-block fw-semibold">{offer.heading}</span> : <span className="d-block text-body-secondary">No live offer</span>}
      {product.price && <span className="d-block">{`Price ${formatPrice(product.price)}`}</span>}
      {offer && (
        <span className="d-block mt-2">
          <BestOfferAction product={product} offer={offer} />
        </span>
      )}
    </>
  );
}

/** CMS HTML (pros, cons) already sanitized in src/data/products.ts, or "—". */
function HtmlCell({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the product's pros or cons, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/products.ts
  return html ? <div className="comparison-html" dangerouslySetInnerHTML={{ __html: html }} /> : <NotStated />;
}

/**
 * Issue 53: the compared products side by side, one row each, their names fixed in the first
 * column while the table scrolls sideways within itself (narrow screens, many columns). A
 * real table (caption, column and row headers with scope) that works without JavaScript; the
 * scrolling region takes the keyboard's focus, so arrow keys scroll it.
 */
export function ComparisonTable({ table, products, offers }: { table: TableData; products: readonly ProductCardData[]; offers: Record<string, BestOffer> }) {
  const rows = tableProducts(table, products);
  return (
    <section className="mb-4" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="h4 mb-2">
        Side by side
      </h2>
      <AffiliateDisclosure className="mb-2" />
      <p id={NOTE_ID} className="small mb-2">
        {"Ratings are out of 5, with the number of reviews and where they come from ("}
        <AppLink to={HOW_WE_RATE}>how we rate</AppLink>
        {"). A dash means the product does not state it. On a narrow screen, scroll the table sideways; the product names stay in view."}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/useSemanticElements: the scroll box of a section's table, named by the table's caption; a <section> of its own would be a second landmark inside the section it belongs to */}
      <div className="comparison-table-scroll border rounded" role="region" aria-labelledby={CAPTION_ID} aria-describedby={NOTE_ID} tabIndex={0}>
        <table className="table table-sm mb-0 comparison-table">
          {/* Named for assistive technology; the note above is for every reader, and stays in
              view where a caption would scroll sideways with a wide table. */}
          <caption
            id={CAPTION_ID}
            className="visually-hidden"
          >{`${rows.length} products side by side: ${rows.map((product) => product.name).join(", ")}`}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Rating</th>
              <th scope="col">Best offer</th>
              {table.specs.map((label) => (
                <th scope="col" key={label}>
                  {label}
                </th>
              ))}
              <th scope="col">Categories</th>
              <th scope="col" className="comparison-wide">
                Pros
              </th>
              <th scope="col" className="comparison-wide">
                Cons
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((product) => (
              <tr key={product.id}>
                <th scope="row">
                  <AppLink to={productPath(product)}>{product.name}</AppLink>
                </th>
                <td>
                  <RatingCell product={product} />
                </td>
                <td>
                  <OfferCell product={product} offer={offers[product.id]} />
                </td>
                {table.specs.map((label) => (
                  <td key={label}>{Object.hasOwn(product.specs, label) ? product.specs[label] : <NotStated />}</td>
                ))}
                <td>{product.categories.length ? product.categories.join(", ") : <NotStated />}</td>
                <td>
                  <HtmlCell html={product.prosHtml} />
                </td>
                <td>
                  <HtmlCell html={product.consHtml} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
