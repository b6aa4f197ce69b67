import { articlePath } from "../../../data/article-path";
import type { ArticleListItem } from "../../../data/articles";
import { AppLink } from "../../components/AppLink";
import { SponsoredBadge } from "../../components/SponsoredNotice";

const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 600;
const FRAME = { aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}` };

/** The first item of a list, large: an advertorial's "Sponsored" label, category, title, subheading, featured image and 'Read More'. */
export function ArticleHero({ item }: { item: ArticleListItem }) {
  const headingId = `hero-${item.id}`;
  const image = item.largeImageUrl || item.imageUrl;
  return (
    <section className="card border-0 bg-body-tertiary overflow-hidden mb-4" aria-labelledby={headingId}>
      <div className="row g-0 align-items-center">
        {image && (
          <div className="col-md-6">
            <img
              className="w-100 h-auto object-fit-contain bg-body-tertiary"
              src={image}
              alt=""
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              style={FRAME}
              fetchPriority="high"
              decoding="async"
            />
          </div>
        )}
        <div className="col-md-6">
          <div className="p-4 p-lg-5">
            {(item.category || item.kind === "advertorials") && (
              <p className="text-primary-emphasis fw-semibold mb-2 d-flex flex-wrap gap-2 align-items-center">
                {item.kind === "advertorials" && <SponsoredBadge />}
                {item.category}
              </p>
            )}
            <h2 id={headingId} className="h3">
              {item.title}
            </h2>
            {item.subtitle && <p className="text-body-secondary">{item.subtitle}</p>}
            <AppLink className="btn btn-primary" to={articlePath(item)}>
              Read More<span className="visually-hidden">{`: ${item.title}`}</span>
            </AppLink>
          </div>
        </div>
      </div>
    </section>
  );
}
