import { CATEGORY_LIST_HEIGHT_PX, CategoryFilterSkeleton } from "../../components/CategoryFilter";
import { Deferred } from "../../components/Deferred";
import { AppLink } from "../../components/AppLink";
import { listHref } from "./filter-params";
import type { StoreLoaderData } from "./store-loader";

/**
 * The store page's sidebar: every store category, each a link to the list of stores in it,
 * with their number. Links, titled for where they lead, not a filter: it used to look like
 * one, checkboxes included, and ticking one left the store page (issue 51). The box keeps
 * the spec's 215 px height.
 */
export function StoreCategories({ categories }: { categories: StoreLoaderData["categories"] }) {
  return (
    <nav aria-labelledby="store-categories-heading">
      <h2 id="store-categories-heading" className="h6 fw-semibold">
        Browse stores by category
      </h2>
      <Deferred resolve={categories} fallback={<CategoryFilterSkeleton />}>
        {(list) => (
          <ul className="list-unstyled small overflow-auto border rounded px-2 py-1 mb-0" style={{ height: CATEGORY_LIST_HEIGHT_PX }}>
            {list.map((category) => (
              <li key={category.id} className="my-1">
                <AppLink to={listHref("/stores", { categoryIds: [category.id] })}>{`${category.title} stores (${category.total})`}</AppLink>
              </li>
            ))}
          </ul>
        )}
      </Deferred>
    </nav>
  );
}
