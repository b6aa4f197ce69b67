import type { AuthorProfile } from "../../data/authors";
import { formatCount } from "../../lib/numbers";

const NETWORKS: Record<string, string> = {
  x: "X",
  linkedin: "LinkedIn",
  github: "GitHub",
  website: "Website",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
};

function networkLabel(network: string): string {
  return NETWORKS[network.toLowerCase()] ?? network.charAt(0).toUpperCase() + network.slice(1);
}

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
            <p className="h5 mb-0">{author.name}</p>
            {author.reviewCount > 0 && <p className="small text-body-secondary mb-0">{`${formatCount(author.reviewCount)} reviews written`}</p>}
          </div>
        </div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the author's about, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/authors.ts */}
        {author.aboutHtml && <div className="small" dangerouslySetInnerHTML={{ __html: author.aboutHtml }} />}
        {author.socialLinks.length > 0 && (
          <ul className="list-inline mb-0" aria-label={`${author.name} elsewhere`}>
            {author.socialLinks.map((link) => (
              <li className="list-inline-item" key={link.url}>
                <a className="btn btn-sm btn-outline-secondary mb-1" href={link.url} target="_blank" rel="noopener nofollow">
                  {networkLabel(link.network)}
                  <span className="visually-hidden">{` profile of ${author.name} (opens in a new tab)`}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
