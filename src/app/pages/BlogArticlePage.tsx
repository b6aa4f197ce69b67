import { Link, useLoaderData } from "react-router";
import { AuthorSidebar } from "../components/AuthorSidebar";
import { PageMeta } from "../components/PageMeta";
import { ProductCard } from "../components/ProductCard";
import { ReadMoreBlock } from "../components/ReadMoreBlock";
import { useRootData } from "../root-data";
import { ArticleHeading } from "./articles/ArticleHeading";
import { withoutSiteName } from "../../lib/text";
import { TagList } from "./articles/TagList";
import { ArticleContent } from "./blog/ArticleContent";
import type { BlogArticleData } from "./blog/blog-loader";

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
      />
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb small">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to="/blog">Blog</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {article.title}
          </li>
        </ol>
      </nav>
      <div className="row g-4 g-lg-5">
        <article className="col-lg-8">
          <ArticleHeading header={article} kind="blog" />
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
          <AuthorSidebar author={article.author} />
        </aside>
      </div>
      <ReadMoreBlock items={readMore} />
    </main>
  );
}
