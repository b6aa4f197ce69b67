import { useLoaderData } from "react-router";
import { absoluteUrl, product as productNode } from "../../../lib/structured-data";
import { Breadcrumb } from "../../components/Breadcrumb";
import { PageMeta } from "../../components/PageMeta";
import { ProductHero } from "./ProductHero";
import type { ProductPageData } from "./product-loader";
import { ProductOffers } from "./ProductOffers";
import { ProductReview } from "./ProductReview";
import { ProductSpecs } from "./ProductSpecs";
import { useRootData } from "../../root-data";
import { productPath } from "../../../lib/slug";
import { lazySection } from "../../lazy-section";

// The closed list of offers for other countries, where the product is featured and its
// alternatives are hydrated when the visitor comes near them (issue 37); until then React
// keeps their server HTML, and the review and offers do not wait for their code.
const ElsewhereOffers = lazySection("product-elsewhere", () => import("../store/ElsewhereOffers"), "ElsewhereOffers");
const ProductFeatures = lazySection("product-features", () => import("./ProductFeatures"), "ProductFeatures");
const ProductAlternatives = lazySection("product-alternatives", () => import("./ProductAlternatives"), "ProductAlternatives");

/** Home / Comparisons / the product: products are reached from comparisons. */
const TRAIL = [
  { label: "Home", to: "/" },
  { label: "Comparisons", to: "/comparisions" },
];

/** Issue 53: a product's page, /products/{name}/{id}. */
export function ProductPage() {
  const { product, offers, elsewhere, features, alternatives } = useLoaderData<ProductPageData>();
  const { siteOrigin } = useRootData();
  // The Product node's id, which its offers name as what they offer; a product without a
  // rating and reviews has no node (src/lib/structured-data.ts), and its offers name none.
  const nodeId = product.rating > 0 && product.reviewCount > 0 ? `${absoluteUrl(siteOrigin, productPath(product))}#product` : undefined;
  return (
    <main className="container py-4">
      <PageMeta
        title={`${product.name} review, coupons and alternatives`}
        description={product.headline || undefined}
        keywords={product.tags.join(", ") || undefined}
        image={product.imageUrl || undefined}
        structuredData={(page) => [
          productNode(page, {
            id: nodeId,
            name: product.name,
            description: product.headline,
            image: product.imageUrl || undefined,
            brand: product.brand,
            url: page.url,
            rating: product.rating,
            reviewCount: product.reviewCount,
            offerUrl: product.ctaUrl || undefined,
            price: product.price,
          }),
        ]}
      />
      <Breadcrumb links={TRAIL} current={product.name} />
      <ProductHero product={product} />
      <div className="row g-4 g-lg-5">
        <div className="col-lg-8">
          <ProductSpecs specs={product.specs} />
          <ProductReview product={product} />
          <ProductOffers offers={offers} productName={product.name} productNodeId={nodeId} />
          {elsewhere.countryName && <ElsewhereOffers offers={elsewhere.elsewhere} countryName={elsewhere.countryName} />}
        </div>
        <div className="col-lg-4">
          <ProductFeatures items={features} productName={product.name} />
          <ProductAlternatives product={product} items={alternatives.items} total={alternatives.total} />
        </div>
      </div>
    </main>
  );
}
