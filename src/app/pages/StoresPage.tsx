import { useLoaderData } from "react-router";
import { CategoryFilter, CategoryFilterSkeleton } from "../components/CategoryFilter";
import { Deferred } from "../components/Deferred";
import { FilterSidebar } from "../components/FilterSidebar";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { StoreCard } from "../components/StoreCard";
import { listHref, noOffersMessage } from "./store/filter-params";
import type { storesLoader } from "./store/stores-loader";
import { StoresBanner } from "./store/StoresBanner";

/** Spec: the Stores list, 'All {category name or Popular} Stores', filtered by repeated catID. */
export function StoresPage() {
  const { stores, categoryIds, selected, categories } = useLoaderData<typeof storesLoader>();
  const name = selected.length ? selected.map((c) => c.title).join(", ") : "Popular";
  const title = `All ${name} Stores`;
  return (
    <main className="container py-4">
      <PageMeta
        title={title}
        description={`Coupons, promo codes and deals from ${selected.length ? name : "popular"} stores, checked and updated daily.`}
        keywords={`${name} coupons, ${name} deals, promo codes, discounts`}
        canonicalSearch={listHref("", { categoryIds, page: stores.page })}
      />
      <StoresBanner title={title} />
      <div className="row g-4">
        {/* Before the list: on phones the Filters button comes first, not after every card. */}
        <aside className="col-lg-3">
          <FilterSidebar active={categoryIds.length}>
            <Deferred resolve={categories} fallback={<CategoryFilterSkeleton />}>
              {(list) => <CategoryFilter categories={list} selected={categoryIds} action="/stores" label="Store categories" />}
            </Deferred>
          </FilterSidebar>
        </aside>
        <div className="col-lg-9">
          {stores.items.length ? (
            <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 list-unstyled">
              {stores.items.map((store) => (
                <li className="col" key={store.id}>
                  <StoreCard store={store} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="lead">{noOffersMessage(selected)}</p>
          )}
          <Pagination page={stores.page} totalPages={stores.totalPages} hrefFor={(page) => listHref("/stores", { categoryIds, page })} label="Store pages" />
        </div>
      </div>
    </main>
  );
}
