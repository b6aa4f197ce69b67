import type { ArticleListItem } from "../../data/articles";
import { ArticleCard } from "../pages/articles/ArticleCard";
import { Deferred } from "./Deferred";

export interface ReadMoreBlockProps {
  /** From `loadReadMore` (a deferred loader value), or items already at hand. */
  items: Promise<ArticleListItem[]> | readonly ArticleListItem[];
  title?: string;
}

/** A "Read More" section of article cards; nothing when there is nothing to show. */
export function ReadMoreBlock({ items, title = "Read More" }: ReadMoreBlockProps) {
  if (!("then" in items)) return <ReadMoreCards items={items} title={title} />;
  return (
    <Deferred resolve={items} fallback={<ReadMoreSkeleton title={title} />}>
      {(list) => <ReadMoreCards items={list} title={title} />}
    </Deferred>
  );
}

function ReadMoreCards({ items, title }: { items: readonly ArticleListItem[]; title: string }) {
  if (!items.length) return null;
  return (
    <section className="read-more my-5" aria-labelledby="read-more-heading">
      <h2 id="read-more-heading" className="h4 mb-3">
        {title}
      </h2>
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-0">
        {items.map((item) => (
          <li className="col" key={`${item.kind}:${item.id}`}>
            <ArticleCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The block's place while its data streams: a heading and card outlines of the final height. */
function ReadMoreSkeleton({ title }: { title: string }) {
  return (
    <section className="read-more my-5" aria-busy="true" aria-label={title}>
      <h2 className="h4 mb-3">{title}</h2>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 placeholder-glow" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count: the position is their only identity
          <div className="col" key={i}>
            <div className="card h-100">
              <div className="ratio ratio-4x3 placeholder rounded-top" />
              <div className="card-body">
                <span className="placeholder col-4 d-block mb-2" />
                <span className="placeholder col-10 d-block mb-2" />
                <span className="placeholder col-8 d-block" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
