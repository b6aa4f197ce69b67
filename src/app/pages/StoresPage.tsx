import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { listCategoryNames } from "../../data/categories";
import { listStoreFiltersOrEmpty, listStores } from "../../data/stores";
import { CategoryFilter, CategoryFilterSkeleton } from "../components/CategoryFilter";
import { Deferred } from "../components/Deferred";
import { FilterSidebar } from "../components/FilterSidebar";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { StoreCard } from "../components/StoreCard";
import { defer } from "../deferred";
import { rethrowContentError } from "../http-errors";
import { contentFrom } from "../load-context";
import { categoryIdsFrom, listHref, noOffersMessage, pageFrom } from "./store/filter-params";
import { StoresBanner } from "./store/StoresBanner";

export async function storesLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const categoryIds = categoryIdsFrom(params);
  const page = pageFrom(params);
  const pb = contentFrom(context);
  // The category list with store counts is the slowest read and not the page's content:
  // it streams after the shell. Spec: a failed filtered-store list is logged and empty.
  const categories = defer(listStoreFiltersOrEmpty(pb));
  const [stores, selected] = await Promise.all([listStores(pb, { categoryIds, page }), listCategoryNames(pb, categoryIds)]).catch(rethrowContentError);
  return { stores, categoryIds, selected, categories };
}

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
        <div className="col-lg-9 order-lg-2">
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
        <aside className="col-lg-3 order-lg-1">
          <FilterSidebar>
            <Deferred resolve={categories} fallback={<CategoryFilterSkeleton />}>
              {(list) => <CategoryFilter categories={list} selected={categoryIds} action="/stores" label="Store categories" />}
            </Deferred>
          </FilterSidebar>
        </aside>
      </div>
    </main>
  );
}
