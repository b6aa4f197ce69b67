import type { HomeCategory } from "../../../data/home";
import { CategoryTiles } from "./CategoryTiles";
import { HomeSection, SectionError } from "./HomeSection";

/** Spec section 9: the home category grid has 6 tiles. */
export const POPULAR_CATEGORY_TILES = 6;

/** Spec Home, Popular Categories: the first 6 categories, each to its stores list. */
export function PopularCategories({ categories }: { categories: readonly HomeCategory[] | null }) {
  return (
    <HomeSection id="popular-categories" title="Popular Categories">
      {categories ? <CategoryTiles categories={categories.slice(0, POPULAR_CATEGORY_TILES)} layout="grid" /> : <SectionError />}
    </HomeSection>
  );
}
