import { useLoaderData } from "react-router";
import { AuthorSidebarSection } from "../components/AuthorSidebarSection";
import { Breadcrumb } from "../components/Breadcrumb";
import { PageMeta } from "../components/PageMeta";
import { ProductCard } from "../components/ProductCard";
import { ReadMoreSection } from "../components/ReadMoreSection";
import { useRootData } from "../root-data";
import { ArticleHeading } from "./articles/ArticleHeading";
import { articleNodes } from "./articles/structured-data";
import { withoutSiteName } from "../../lib/text";
import { TagList } from "./articles/TagList";
import { ArticleContent } from "./blog/ArticleContent";
import type { BlogArticleData } from "./blog/blog-loader";

/** Spec: breadcrumb Home, Blog, title. */
const BLOG_TRAIL = [
  { label: "Home", to: "/" },
  { label: "Blog", to: "/blog" },
];

/** Spec: Article (blog) page. */
export function BlogArticlePage() {
  const { article, readMore } = useLoaderData<BlogArticleData>();
  const { site } = useRootData();
  return (
    <main className="container py-4">
      <PageMeta
        title={withoutSiteName(article.meta.title, site.name)}
        description={article.meta.description || undefined}
        keywords={article.meta.keywords || undefined}
        image={article.imageUrl || undefined}
        type="article"
        dates={{ published: article.publishTime, modified: article.modifiedTime }}
        structuredData={(page) => articleNodes(page, article, { description: article.meta.description, products: article.product ? [article.product] : [] })}
      />
      <Breadcrumb links={BLOG_TRAIL} current={article.title} />
      <div className="row g-4 g-lg-5">
        <article className="col-lg-8">
          <ArticleHeading header={article} kind="blog" />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the article's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/articles.ts */}
          {article.summaryHtml && <div className="lead mb-4" dangerouslySetInnerHTML={{ __html: article.summaryHtml }} />}
          <ArticleContent blocks={article.content} />
          {article.product && (
            <section className="my-4" aria-label="Product in this article">
              <ProductCard product={article.product} cardType={article.productCardType} headingLevel={2} />
            </section>
          )}
          <TagList tags={article.tags} />
        </article>
        <aside className="col-lg-4">
          <AuthorSidebarSection author={article.author} />
        </aside>
      </div>
      <ReadMoreSection items={readMore} />
    </main>
  );
}
