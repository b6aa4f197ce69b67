import { fileUrl } from "./files";
import { sanitizeHtml } from "./sanitize";
import type { Author, SocialLink } from "./types";

/** An author as the byline and the sidebar show them; `aboutHtml` is sanitized. */
export interface AuthorProfile {
  id: string;
  name: string;
  avatarUrl: string;
  aboutHtml: string;
  reviewCount: number;
  socialLinks: SocialLink[];
}

/** "{first_name} {last_name}", as the spec's bylines write it. */
export function authorName(author: Pick<Author, "first_name" | "last_name">): string {
  return [author.first_name, author.last_name].filter(Boolean).join(" ");
}

/** Profile links editors enter by hand: only web addresses are kept (no javascript:, no relative paths). */
function webLinks(links: Author["social_links"]): SocialLink[] {
  return (links ?? []).filter((link): link is SocialLink => {
    if (typeof link?.url !== "string" || typeof link.network !== "string") return false;
    try {
      return /^https?:$/.test(new URL(link.url).protocol);
    } catch {
      return false;
    }
  });
}

/** The first author of a piece, from its expanded `authors`; null when it has none (spec: an absent author is not an error). */
export function leadAuthor(authors: Author[] | undefined): AuthorProfile | null {
  const author = authors?.[0];
  if (!author) return null;
  return {
    id: author.id,
    name: authorName(author),
    avatarUrl: author.avatar ? fileUrl(author, author.avatar, "100x100") : "",
    aboutHtml: sanitizeHtml(author.about),
    reviewCount: author.review_count,
    socialLinks: webLinks(author.social_links),
  };
}
