import type { ArticleHeader } from "../../../data/articles";
import type { ProductCardData } from "../../../data/products";
import { article, product, type JsonLdNode, type PageIdentity } from "../../../lib/structured-data";

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
      modified: header.updateTime,
      author: header.author && {
        name: header.author.name,
        // Their own website where they list one, else their first profile (Google's Article guidelines).
        url: (header.author.socialLinks.find((link) => link.network === "website") ?? header.author.socialLinks[0])?.url,
        profiles: header.author.socialLinks.map((link) => link.url),
      },
    }),
    ...products.map((card) =>
      product(page, {
        name: card.name,
        description: card.headline,
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
