import { htmlToText } from "../lib/search-text";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { fileUrl } from "./files";
import { sanitizeHtml } from "./sanitize";
import type { Author, SocialLink } from "./types";

/** An author as the byline, the sidebar and their page show them; `aboutHtml` is sanitized. */
export interface AuthorProfile {
  id: string;
  name: string;
  /** What they know best (issue 53); "" when unstated. */
  expertise: string;
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

/** The photo's size on bylines and the sidebar; an author's page shows it larger. */
type AvatarSize = "100x100" | "";

function authorProfile(author: Author, avatar: AvatarSize = "100x100"): AuthorProfile {
  return {
    id: author.id,
    name: authorName(author),
    expertise: author.expertise ?? "",
    avatarUrl: author.avatar ? fileUrl(author, author.avatar, avatar || undefined) : "",
    aboutHtml: sanitizeHtml(author.about),
    reviewCount: author.review_count,
    socialLinks: webLinks(author.social_links),
  };
}

/** The first author of a piece, from its expanded `authors`; null when it has none (spec: an absent author is not an error). */
export function leadAuthor(authors: Author[] | undefined): AuthorProfile | null {
  const author = authors?.[0];
  return author ? authorProfile(author) : null;
}

/** An author as their page shows them: their bio as text too, for the page's description. */
export interface AuthorDetails extends AuthorProfile {
  aboutText: string;
}

/** An author by id (spec: "an author by id"), for their page, with the photo at full size. */
export async function getAuthor(pb: ContentClient, id: string): Promise<AuthorDetails> {
  const author = await pb.collection(COLLECTIONS.authors).getOne<Author>(id);
  return { ...authorProfile(author, ""), aboutText: htmlToText(author.about ?? "") };
}
