import { articlePath } from "../../../data/article-path";
import type { ArticleListItem, ArticleKind } from "../../../data/articles";
import { SPONSORED_LABEL } from "../../../lib/sponsored";
import { AppLink } from "../../components/AppLink";
import { PublishDate } from "../articles/PublishDate";

/** What each list's pieces are called beside their title; paid ones say so (issue 34). */
const KIND_LABELS: Record<ArticleKind, string> = {
  comparisions: "Comparison",
  advertorials: `Advertorial (${SPONSORED_LABEL.toLowerCase()})`,
  blog: "Article",
};

/** "Featured in": the comparisons, advertorials and articles that present the product, newest first. */
export function ProductFeatures({ items, productName }: { items: ArticleListItem[]; productName: string }) {
  if (!items.length) return null;
  return (
    <section className="mb-4" aria-labelledby="product-features">
      <h2 id="product-features" className="h4 mb-3">
        {`${productName} in our comparisons and articles`}
      </h2>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {items.map((item) => (
          <li key={item.id}>
            <span className="small text-primary-emphasis fw-semibold me-2">{KIND_LABELS[item.kind]}</span>
            <AppLink to={articlePath(item)}>{item.title}</AppLink>
            <span className="small text-body-secondary">
              {" · "}
              <PublishDate value={item.publishTime} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
