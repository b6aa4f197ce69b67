import { useLoaderData } from "react-router";
import { authorPath } from "../../../lib/slug";
import { profilePage } from "../../../lib/structured-data";
import { Breadcrumb } from "../../components/Breadcrumb";
import { PageMeta } from "../../components/PageMeta";
import { AuthorHeader } from "./AuthorHeader";
import type { AuthorPageData } from "./author-loader";
import { AuthorPieces } from "./AuthorPieces";

const TRAIL = [
  { label: "Home", to: "/" },
  { label: "Blog", to: "/blog" },
];

/** Issue 53: an author's page, /authors/{name}/{id}. */
export function AuthorPage() {
  const { author, pieces, page, totalPages, totalItems } = useLoaderData<AuthorPageData>();
  const path = authorPath(author);
  const bio = author.aboutText;
  return (
    <main className="container py-4">
      <PageMeta
        title={page > 1 ? `${author.name}, page ${page}` : `${author.name}${author.expertise ? `: ${author.expertise}` : ""}`}
        description={bio || undefined}
        canonicalSearch={page > 1 ? `?page=${page}` : ""}
        image={author.avatarUrl || undefined}
        imageAlt={`Portrait of ${author.name}`}
        structuredData={(meta) => [
          profilePage(meta, {
            name: author.name,
            expertise: author.expertise || undefined,
            description: bio || undefined,
            image: author.avatarUrl || undefined,
            profiles: author.socialLinks.map((link) => link.url),
          }),
        ]}
      />
      <Breadcrumb links={TRAIL} current={author.name} />
      <AuthorHeader author={author} pieces={totalItems} />
      <AuthorPieces authorName={author.name} pieces={pieces} page={page} totalPages={totalPages} hrefFor={(p) => (p > 1 ? `${path}?page=${p}` : path)} />
    </main>
  );
}
