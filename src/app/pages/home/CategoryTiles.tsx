import type { HomeCategory } from "../../../data/home";
import { CategoryIcon } from "../../components/CategoryIcon";
import { AppLink } from "../../components/AppLink";

/** Spec: each category tile links to the stores list filtered by that category. */
export function categoryStoresHref(categoryId: string): string {
  return `/stores?catID=${encodeURIComponent(categoryId)}`;
}

const LAYOUTS = {
  /** The hero's strip: one row of compact tiles (icon beside the title), scrolling sideways on narrow screens. */
  strip: {
    list: "d-flex flex-nowrap justify-content-md-center gap-2 overflow-x-auto list-unstyled mb-0 pb-1",
    item: "flex-shrink-0",
    link: "btn btn-light border d-inline-flex align-items-center gap-2 fw-semibold small",
    iconSize: 24,
  },
  /** Popular Categories: a grid of tiles with the icon above the title. */
  grid: {
    list: "row row-cols-2 row-cols-sm-3 row-cols-lg-6 g-3 list-unstyled mb-0",
    item: "col",
    link: "card h-100 py-3 px-1 d-flex flex-column align-items-center justify-content-center gap-2 text-center text-decoration-none text-body fw-semibold small",
    iconSize: 40,
  },
} as const;

/** Category tiles (icon and title), each linking to its stores list. */
export function CategoryTiles({ categories, layout }: { categories: readonly HomeCategory[]; layout: keyof typeof LAYOUTS }) {
  const style = LAYOUTS[layout];
  return (
    <ul className={style.list}>
      {categories.map((category) => (
        <li className={style.item} key={category.id}>
          <AppLink className={style.link} to={categoryStoresHref(category.id)}>
            <CategoryIcon category={category} size={style.iconSize} />
            <span>{category.title}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
