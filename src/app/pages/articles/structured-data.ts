import type { ArticleHeader } from "../../../data/articles";
import type { ProductCardData } from "../../../data/products";
import { authorPath, productPath } from "../../../lib/slug";
import { absoluteUrl, article, product, type JsonLdNode, type PageIdentity } from "../../../lib/structured-data";

/** The schema.org nodes of a blog article, advertorial or comparison: the Article, and a
 * Product for each rated product it presents. */
export function articleNodes(
  page: PageIdentity,
  header: ArticleHeader,
  { description, products }: { description: string; products: ProductCardData[] },
): JsonLdNode[] {
  const nodes = [
    article(page, {
      headline: header.title,
      description,
      images: header.imageUrl ? [header.imageUrl] : [],
      published: header.publishTime,
      modified: header.modifiedTime,
      author: header.author && {
        name: header.author.name,
        // Their page on this site, which names their expertise and profiles (issue 53; Google's Article guidelines).
        path: authorPath(header.author),
        profiles: header.author.socialLinks.map((link) => link.url),
      },
    }),
    ...products.map((card) =>
      product(page, {
        name: card.name,
        description: card.headline,
        url: absoluteUrl(page.siteOrigin, productPath(card)),
        image: card.imageUrl || undefined,
        rating: card.rating,
        reviewCount: card.reviewCount,
        offerUrl: card.ctaUrl || undefined,
        price: card.price,
      }),
    ),
  ];
  return nodes.filter((node): node is JsonLdNode => node !== null);
}
