import { Link } from "react-router";
import { articlePath, type ArticleListItem } from "../../../data/articles";

const IMAGE = { width: 400, height: 225 } as const;

/** A card of the home blog strip: image, first category title and title (spec Home, Blog
 * strip; the lists' ArticleCard adds the subtitle, author and date). The link is
 * /blog/{lowercased title}/{id}. */
export function BlogCard({ article }: { article: ArticleListItem }) {
  return (
    <article className="card h-100 shadow-sm">
      <div className="ratio ratio-16x9 bg-body-secondary rounded-top overflow-hidden">
        {article.imageUrl && (
          <img className="object-fit-cover" src={article.imageUrl} alt="" width={IMAGE.width} height={IMAGE.height} loading="lazy" decoding="async" />
        )}
      </div>
      <div className="card-body">
        {article.category && <p className="small text-primary-emphasis fw-semibold mb-1">{article.category}</p>}
        <h3 className="h6 card-title mb-0">
          <Link className="stretched-link text-reset text-decoration-none" to={articlePath(article)}>
            {article.title}
          </Link>
        </h3>
      </div>
    </article>
  );
}
