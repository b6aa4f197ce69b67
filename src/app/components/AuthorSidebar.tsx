import type { AuthorProfile } from "../../data/authors";
import { formatCount } from "../../lib/numbers";
import { authorPath } from "../../lib/slug";
import { AppLink } from "./AppLink";
import { AuthorProfiles } from "./AuthorProfiles";

const AVATAR_SIZE = 72;

/** Spec: the sidebar's author details and social profile links. */
export function AuthorSidebar({ author }: { author: AuthorProfile | null }) {
  if (!author) return null;
  return (
    <section className="card shadow-sm author-sidebar" aria-labelledby="author-heading">
      <div className="card-body">
        <h2 id="author-heading" className="h6 text-uppercase text-body-secondary mb-3">
          About the author
        </h2>
        <div className="d-flex align-items-center gap-3 mb-3">
          {author.avatarUrl && (
            <img
              className="rounded-circle flex-shrink-0"
              src={author.avatarUrl}
              alt=""
              width={AVATAR_SIZE}
              height={AVATAR_SIZE}
              loading="lazy"
              decoding="async"
            />
          )}
          <div>
            <p className="h5 mb-0">
              <AppLink className="link-body-emphasis" to={authorPath(author)}>
                {author.name}
              </AppLink>
            </p>
            {author.expertise && <p className="small mb-0">{author.expertise}</p>}
            {author.reviewCount > 0 && <p className="small text-body-secondary mb-0">{`${formatCount(author.reviewCount)} reviews written`}</p>}
          </div>
        </div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the author's about, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/authors.ts */}
        {author.aboutHtml && <div className="small" dangerouslySetInnerHTML={{ __html: author.aboutHtml }} />}
        <AuthorProfiles author={author} rel="nofollow" />
      </div>
    </section>
  );
}
