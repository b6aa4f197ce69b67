import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { listStoreFilters, listStores } from "../../data/stores";
import { positiveInt } from "../../lib/query";
import { Pagination } from "../components/Pagination";
import { StoreCard } from "../components/StoreCard";
import { contentFrom } from "../content-context";
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
  const [stores, filters] = await Promise.all([
    listStores(pb, { categoryIds, page: page ?? 1 }),
    listStoreFilters(pb),
  ]).catch(rethrowContentError);
  const selected = filters.filter((f) => categoryIds.includes(f.id)).map(({ id, title }) => ({ id, title }));
  return { stores, categoryIds, selected };
}

function pageHref(categoryIds: readonly string[], page: number): string {
  const query = new URLSearchParams(categoryIds.map((id) => ["catID", id]));
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/stores?${search}` : "/stores";
}

export function StoresPage() {
  const { stores, categoryIds, selected } = useLoaderData<typeof storesLoader>();
  const name = selected.length ? selected.map((c) => c.title).join(", ") : "Popular";
  const title = `All ${name} Stores`;
  return (
    <main className="container py-4">
      <title>{title}</title>
      <meta name="description" content={`Coupons, deals and reviews from ${name.toLowerCase() === "popular" ? "popular" : name} stores, updated daily.`} />
      <h1 className="h3 mb-4">{title}</h1>
      {stores.items.length ? (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-5 g-3 list-unstyled">
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
    </main>
  );
}
