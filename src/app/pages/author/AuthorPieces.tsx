import type { ArticleListItem } from "../../../data/articles";
import { Pagination } from "../../components/Pagination";
import { ArticleCard } from "../articles/ArticleCard";

/** Their comparisons, advertorials and articles, newest first, ten a page. */
export function AuthorPieces({
  authorName,
  pieces,
  page,
  totalPages,
  hrefFor,
}: {
  authorName: string;
  pieces: ArticleListItem[];
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <section aria-labelledby="author-pieces">
      <h2 id="author-pieces" className="h4 mb-3">
        {`By ${authorName}, newest first`}
      </h2>
      {pieces.length ? (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4 mb-0">
          {pieces.map((item) => (
            <li className="col" key={item.id}>
              <ArticleCard item={item} />
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing published yet.</p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label={`Pages of ${authorName}'s pieces`} />
    </section>
  );
}
