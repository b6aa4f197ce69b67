import type { HomeCategory } from "../../../data/home";
import { CategoryTiles } from "./CategoryTiles";
import { HERO_CATEGORIES, HERO_SUMMARY, HERO_TITLE } from "./home-content";
import { SearchForm } from "./SearchForm";

/** The hero's categories, in the fixed order, as far as the CMS has them. */
function heroCategories(categories: readonly HomeCategory[]): HomeCategory[] {
  return HERO_CATEGORIES.flatMap((title) => categories.find((category) => category.title === title) ?? []);
}

/** Spec Home, hero: title, summary, the search form and the strip of category tiles.
 * Without the category list (its read failed) the hero still offers the search. */
export function HomeHero({ categories }: { categories: readonly HomeCategory[] | null }) {
  const tiles = categories ? heroCategories(categories) : [];
  return (
    <section className="bg-body-tertiary border-bottom" aria-labelledby="home-hero-title">
      <div className="container py-5">
        <div className="col-lg-9 mx-auto text-center mb-4">
          <h1 id="home-hero-title" className="display-5 fw-bold mb-3">
            {HERO_TITLE}
          </h1>
          <p className="lead text-body-secondary mb-0">{HERO_SUMMARY}</p>
        </div>
        <div className="col-lg-10 mx-auto">
          <SearchForm />
        </div>
        {tiles.length > 0 && (
          <nav className="col-lg-10 mx-auto mt-4" aria-label="Browse stores by category">
            <CategoryTiles categories={tiles} layout="strip" />
          </nav>
        )}
      </div>
    </section>
  );
}
