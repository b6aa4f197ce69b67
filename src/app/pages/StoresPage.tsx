import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { listCategoryNames } from "../../data/categories";
import { listStoreFilters, listStores } from "../../data/stores";
import { positiveInt } from "../../lib/query";
import { Deferred } from "../components/Deferred";
import { defer } from "../deferred";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { StoreCategoryNav, StoreCategoryNavSkeleton } from "../components/StoreCategoryNav";
import { StoreCard } from "../components/StoreCard";
import { contentFrom } from "../load-context";
import { badRequest, rethrowContentError } from "../http-errors";

const CATEGORY_ID = /^[a-z0-9]{1,32}$/;
const MAX_CATEGORY_FILTERS = 50;

export async function storesLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const categoryIds = [...new Set(params.getAll("catID"))];
  if (categoryIds.length > MAX_CATEGORY_FILTERS || !categoryIds.every((id) => CATEGORY_ID.test(id))) {
    badRequest("The category filter (catID) is not valid.");
  }
  const page = positiveInt(params.get("page"));
  if (page === null) badRequest("The page number is not valid.");
  const pb = contentFrom(context);
  // The category list with store counts is the slowest read and not the page's content:
  // it streams after the shell. Spec: a failed filtered-store list is logged and empty.
  const categories = defer(
    listStoreFilters(pb).catch((err: unknown) => {
      console.error("store filters read failed", err);
      return [];
    }),
  );
  const [stores, selected] = await Promise.all([
    listStores(pb, { categoryIds, page: page ?? 1 }),
    listCategoryNames(pb, categoryIds),
  ]).catch(rethrowContentError);
  return { stores, categoryIds, selected, categories };
}

function pageHref(categoryIds: readonly string[], page: number): string {
  const query = new URLSearchParams(categoryIds.map((id) => ["catID", id]));
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/stores?${search}` : "/stores";
}

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
        canonicalSearch={pageHref(categoryIds, stores.page).replace("/stores", "")}
      />
      <h1 className="h3 mb-4">{title}</h1>
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
            <p className="lead">{`No Offer Yet, We are working hard to bring ${selected.length === 1 ? selected[0]!.title : "these"} offers for you.`}</p>
          )}
          <Pagination page={stores.page} totalPages={stores.totalPages} hrefFor={(p) => pageHref(categoryIds, p)} label="Store pages" />
        </div>
        <aside className="col-lg-3 order-lg-1">
          <Deferred resolve={categories} fallback={<StoreCategoryNavSkeleton />}>
            {(list) => <StoreCategoryNav categories={list} current={categoryIds} />}
          </Deferred>
        </aside>
      </div>
    </main>
  );
}
