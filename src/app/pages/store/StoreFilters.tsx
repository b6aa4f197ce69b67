import { CategoryFilter, CategoryFilterSkeleton } from "../../components/CategoryFilter";
import { Deferred } from "../../components/Deferred";
import { FilterSidebar } from "../../components/FilterSidebar";
import type { StoreLoaderData } from "./store-loader";

/** The store page's sidebar: every store category, each a link to the stores list filtered by it. */
export function StoreFilters({ categories }: { categories: StoreLoaderData["categories"] }) {
  return (
    <FilterSidebar>
      <Deferred resolve={categories} fallback={<CategoryFilterSkeleton />}>
        {(list) => <CategoryFilter categories={list} selected={[]} action="/stores" label="Store categories" />}
      </Deferred>
    </FilterSidebar>
  );
}
