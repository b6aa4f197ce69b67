import type { AuthorProfile } from "../../data/authors";

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

/** An author's profiles elsewhere. `rel`: "me" on their own page (the profiles and the page
 * are one person's, issue 53); "nofollow" beside a piece. */
export function AuthorProfiles({ author, rel }: { author: AuthorProfile; rel: "me" | "nofollow" }) {
  if (!author.socialLinks.length) return null;
  return (
    <ul className="list-inline mb-0" aria-label={`${author.name} elsewhere`}>
      {author.socialLinks.map((link) => (
        <li className="list-inline-item" key={link.url}>
          <a className="btn btn-sm btn-outline-secondary mb-1" href={link.url} target="_blank" rel={rel === "me" ? "me noopener" : "noopener nofollow"}>
            {networkLabel(link.network)}
            <span className="visually-hidden">{` profile of ${author.name} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
