import { Link } from "react-router";
import type { HomeCategory } from "../../../data/home";
import { CategoryIcon } from "../../components/CategoryIcon";

/** Spec: each category tile links to the stores list filtered by that category. */
export function categoryStoresHref(categoryId: string): string {
  return `/stores?catID=${encodeURIComponent(categoryId)}`;
}

/** A list of category tiles (icon and title); the hero strip and the Popular Categories
 * grid differ only in icon size and columns. */
export function CategoryTiles({ categories, iconSize, columns }: { categories: readonly HomeCategory[]; iconSize: number; columns: string }) {
  return (
    <ul className={`row g-3 list-unstyled mb-0 ${columns}`}>
      {categories.map((category) => (
        <li className="col" key={category.id}>
          <Link
            className="card h-100 text-center text-decoration-none text-body category-tile"
            to={categoryStoresHref(category.id)}
          >
            <span className="card-body d-flex flex-column align-items-center justify-content-center gap-2 p-3">
              <CategoryIcon category={category} size={iconSize} />
              <span className="fw-semibold small">{category.title}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
