import { useEffect } from "react";
import { useLoaderData, useLocation } from "react-router";
import { fileUrl } from "../../data/files";
import type { StoreDetails } from "../../data/stores";
import { storePath } from "../../lib/slug";
import { product } from "../../lib/structured-data";
import { withoutSiteName } from "../../lib/text";
import { CountryNote } from "../components/CountryNote";
import { Deferred } from "../components/Deferred";
import { PageMeta } from "../components/PageMeta";
import { useRootData } from "../root-data";
import { NotFoundPage } from "./NotFoundPage";
import { rememberStoreId } from "./store/remembered-store";
import { SimilarStoresSkeleton } from "./store/SimilarStoresSkeleton";
import { StoreBreadcrumb } from "./store/StoreBreadcrumb";
import { storeHeading } from "./store/store-heading";
import { StoreHero } from "./store/StoreHero";
import type { StoreLoaderData } from "./store/store-loader";
import { StoreOffers, StoreOffersSkeleton } from "./store/StoreOffers";
import { StorePageSkeleton } from "./store/StorePageSkeleton";
import { lazySection } from "../lazy-section";

// The sidebar, the similar-stores carousel and the sections at the page's end are hydrated
// when the visitor comes near them (issue 37); until then React keeps their server HTML, and
// the offers, the page's content, do not wait for their code.
const StoreCategories = lazySection("store-categories", () => import("./store/StoreCategories"), "StoreCategories");
// Below the offers: its form works as a plain post until the visitor comes near it.
const StoreAlerts = lazySection("store-alerts", () => import("./store/StoreAlerts"), "StoreAlerts");
const SimilarStores = lazySection("similar-stores", () => import("./store/SimilarStores"), "SimilarStores");
const StoreAbout = lazySection("store-about", () => import("./store/StoreAbout"), "StoreAbout");
// The closed lists (offers of other countries, and those expired lately) come as one.
const ClosedOffers = lazySection("closed-offers", () => import("./store/ClosedOffers"), "ClosedOffers");

/** Spec: the Store page, /stores/{title}/{id}. */
export function StorePage() {
  const data = useLoaderData() as StoreLoaderData;
  return (
    <Deferred resolve={data.store} fallback={<StorePageSkeleton titleParam={data.titleParam} />}>
      {/* Only a client navigation gets here without a store: the server answered 404 itself. */}
      {(store) => (store ? <StoreView store={store} data={data} /> : <NotFoundPage />)}
    </Deferred>
  );
}

function StoreView({ store, data }: { store: StoreDetails; data: StoreLoaderData }) {
  const { site } = useRootData();
  const path = storePath(store);
  const titleSegment = useLocation().pathname.split("/")[2] ?? "";
  // Session storage is the spec's second source of the store id, after navigation state.
  useEffect(() => rememberStoreId(titleSegment, store.id), [titleSegment, store.id]);
  return (
    <main className="container py-4">
      <PageMeta
        title={withoutSiteName(store.meta_title, site.name) || `${store.title} Coupons & Deals`}
        description={store.meta_description || undefined}
        keywords={store.meta_keyword || undefined}
        image={store.banner_image ? fileUrl(store, store.banner_image) : undefined}
        structuredData={(page) => [
          product(page, {
            name: store.title,
            description: store.subheading || store.meta_description,
            image: store.logo ? fileUrl(store, store.logo) : undefined,
            brand: store.title,
            url: page.url,
            rating: store.rating,
            reviewCount: store.reviewers,
          }),
        ]}
      />
      <StoreBreadcrumb title={store.title} />
      <StoreHero store={store} heading={storeHeading(store.title, data.monthYear)} />
      <CountryNote />
      <div className="row g-4">
        {/* Beside the offers from the large breakpoint; on phones after them: links elsewhere, not the page's content. */}
        <aside className="col-lg-3 order-last order-lg-first">
          <StoreCategories categories={data.categories} />
        </aside>
        <div className="col-lg-9">
          <Deferred resolve={data.similar} fallback={<SimilarStoresSkeleton />}>
            {(stores) => <SimilarStores stores={stores} />}
          </Deferred>
          <Deferred resolve={data.offers} fallback={<StoreOffersSkeleton />}>
            {(offers) => <StoreOffers offers={offers} storeTitle={store.title} hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)} />}
          </Deferred>
          <StoreAlerts store={store} />
        </div>
      </div>
      <StoreAbout store={store} />
      <Deferred resolve={data.closed} fallback={null}>
        {(closed) => (closed.expired.length || closed.countryName ? <ClosedOffers {...closed} /> : null)}
      </Deferred>
    </main>
  );
}
