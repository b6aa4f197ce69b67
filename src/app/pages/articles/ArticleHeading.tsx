import type { ArticleHeader, ArticleKind } from "../../../data/articles";
import { PublishDate } from "./PublishDate";
import { AppLink } from "../../components/AppLink";
import { PreviewBadge } from "../../components/PreviewBadge";
import { authorPath } from "../../../lib/slug";

const AVATAR_SIZE = 40;
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;
const BANNER_FRAME = { aspectRatio: `${BANNER_WIDTH} / ${BANNER_HEIGHT}` };

/** The top of a detail page: category badge (linking to its list filtered by that
 * category), title, subtitle, author with avatar (linking to their page), the dates it was
 * published and, when its text changed on a later day, updated, with the editor's line on
 * what changed (issue 53), and banner. */
export function ArticleHeading({ header, kind, subtitle }: { header: ArticleHeader; kind: ArticleKind; subtitle?: string }) {
  const { category, author, revision } = header;
  return (
    <header className="mb-4">
      {category && (
        <AppLink className="badge text-bg-primary text-decoration-none mb-2" to={`/${kind}?id=${encodeURIComponent(category.id)}`}>
          {category.title}
        </AppLink>
      )}
      <h1 className="display-6 fw-bold">
        {header.title}
        <PreviewBadge id={header.id} />
      </h1>
      {subtitle && <p className="lead text-body-secondary">{subtitle}</p>}
      <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary mb-3 article-byline">
        {author?.avatarUrl && <img className="rounded-circle" src={author.avatarUrl} alt="" width={AVATAR_SIZE} height={AVATAR_SIZE} decoding="async" />}
        {author && (
          <span>
            {"By "}
            <AppLink className="fw-semibold link-body-emphasis" to={authorPath(author)}>
              {author.name}
            </AppLink>
          </span>
        )}
        {author && header.publishTime && <span aria-hidden="true">·</span>}
        {header.publishTime && (
          <span>
            Published <PublishDate value={header.publishTime} />
          </span>
        )}
        {revision && (
          <>
            <span aria-hidden="true">·</span>
            <span>
              Updated <PublishDate value={revision.time} />
            </span>
          </>
        )}
      </div>
      {revision?.note && <p className="small text-body-secondary mb-3">{`What changed: ${revision.note}`}</p>}
      {header.bannerUrl && (
        <img
          className="img-fluid w-100 h-auto rounded object-fit-cover"
          src={header.bannerUrl}
          alt=""
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          style={BANNER_FRAME}
          fetchPriority="high"
          decoding="async"
        />
      )}
    </header>
  );
}
