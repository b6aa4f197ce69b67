import type { AuthorProfile } from "../../../data/authors";
import { formatCount } from "../../../lib/numbers";
import { AuthorProfiles } from "../../components/AuthorProfiles";

const PHOTO_SIZE = 128;

/** Who they are: photo, name, expertise, bio and their profiles elsewhere (`rel="me"`). */
export function AuthorHeader({ author, pieces }: { author: AuthorProfile; pieces: number }) {
  return (
    <header className="d-flex flex-column flex-sm-row gap-4 align-items-sm-start mb-4 pb-4 border-bottom">
      {author.avatarUrl && (
        <img
          className="rounded-circle flex-shrink-0 border"
          src={author.avatarUrl}
          alt={`Portrait of ${author.name}`}
          width={PHOTO_SIZE}
          height={PHOTO_SIZE}
          fetchPriority="high"
        />
      )}
      <div>
        <h1 className="h2 mb-1">{author.name}</h1>
        {author.expertise && <p className="lead mb-2">{author.expertise}</p>}
        <p className="small text-body-secondary mb-3">
          {[
            pieces > 0 && `${formatCount(pieces)} ${pieces === 1 ? "piece" : "pieces"} published`,
            author.reviewCount > 0 && `${formatCount(author.reviewCount)} reviews written`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the author's about, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/authors.ts */}
        {author.aboutHtml && <div className="mb-3 author-bio" dangerouslySetInnerHTML={{ __html: author.aboutHtml }} />}
        <AuthorProfiles author={author} rel="me" />
      </div>
    </header>
  );
}
