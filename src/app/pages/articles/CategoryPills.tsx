import type { ArticleCategory } from "../../../data/articles";
import { AppLink } from "../../components/AppLink";

/** Spec: category pills, 'All' plus one per category; a click filters the list. They are
 * links (crawlable, work without JavaScript) that keep the reader's scroll position. */
export function CategoryPills({ categories, current, hrefFor }: { categories: ArticleCategory[]; current: string; hrefFor: (categoryId: string) => string }) {
  const pills = [{ id: "", title: "All" }, ...categories];
  return (
    <nav aria-label="Filter by category" className="mb-4">
      <ul className="nav gap-2">
        {pills.map((pill) => {
          const active = pill.id === current;
          return (
            <li className="nav-item" key={pill.id || "all"}>
              <AppLink
                className={`btn btn-sm rounded-pill ${active ? "btn-primary" : "btn-outline-secondary"}`}
                to={hrefFor(pill.id)}
                aria-current={active ? "page" : undefined}
                preventScrollReset
              >
                {pill.title}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
