import { articlePath } from "../../../data/article-path";
import type { ArticleListItem } from "../../../data/articles";
import { truncateWords } from "../../../lib/text";
import { PublishDate } from "./PublishDate";
import { AppLink } from "../../components/AppLink";
import { SponsoredBadge } from "../../components/SponsoredNotice";
import { authorPath } from "../../../lib/slug";

/** Spec: the list card's subtitle is trimmed to 10 words. */
const CARD_SUBTITLE_WORDS = 10;
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;
/** The box keeps its shape whatever the file's own proportions (a banner stands in for a
 * missing featured image); the picture is fitted inside it, never cropped: images carry text. */
const FRAME = { aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}` };

/** A card of an article list and of the read-more block: image, an advertorial's
 * "Sponsored" label, first category, title, subtitle cut to 10 words, 'By {author}', publish date. `compact` (the home blog strip)
 * shows only image, first category and title. The whole card is the link. */
export function ArticleCard({ item, headingLevel: Heading = "h3", compact = false }: { item: ArticleListItem; headingLevel?: "h2" | "h3"; compact?: boolean }) {
  return (
    <article className="card h-100 shadow-sm">
      {item.imageUrl && (
        <img
          className="card-img-top h-auto object-fit-contain bg-body-tertiary"
          src={item.imageUrl}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          style={FRAME}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="card-body d-flex flex-column">
        {(item.category || item.kind === "advertorials") && (
          <p className="small text-primary-emphasis fw-semibold mb-1 d-flex flex-wrap gap-2 align-items-center">
            {item.kind === "advertorials" && <SponsoredBadge />}
            {item.category}
          </p>
        )}
        <Heading className="h6 card-title">
          <AppLink className="stretched-link text-reset text-decoration-none" to={articlePath(item)}>
            {item.title}
          </AppLink>
        </Heading>
        {!compact && item.subtitle && <p className="card-text small text-body-secondary">{truncateWords(item.subtitle, CARD_SUBTITLE_WORDS)}</p>}
        {!compact && (
          <p className="card-text small text-body-secondary mt-auto mb-0 d-flex flex-wrap justify-content-between gap-2">
            {item.author && (
              <span>
                {"By "}
                {item.authorId ? (
                  // Above the card's stretched link, so the byline leads to the author.
                  <AppLink className="position-relative z-2" to={authorPath({ id: item.authorId, name: item.author })}>
                    {item.author}
                  </AppLink>
                ) : (
                  item.author
                )}
              </span>
            )}
            <PublishDate value={item.publishTime} />
          </p>
        )}
      </div>
    </article>
  );
}
