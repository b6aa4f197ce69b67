import { useLoaderData } from "react-router";
import type { AdvertorialView } from "../../data/advertorials";
import { AuthorSidebarSection } from "../components/AuthorSidebarSection";
import { PageMeta } from "../components/PageMeta";
import { ReadMoreSection } from "../components/ReadMoreSection";
import { SponsoredNotice } from "../components/SponsoredNotice";
import { useRootData } from "../root-data";
import { AdvertorialFallback } from "./advertorial/AdvertorialFallback";
import type { AdvertorialData } from "./advertorial/advertorial-loader";
import { AdvertorialProducts } from "./advertorial/AdvertorialProducts";
import { AdvertorialSummary } from "./advertorial/AdvertorialSummary";
import { QuickOverview } from "./advertorial/QuickOverview";
import { ArticleHeading } from "./articles/ArticleHeading";
import { articleNodes } from "./articles/structured-data";
import { withoutSiteName } from "../../lib/text";
import { TagList } from "./articles/TagList";

/** Spec: Advertorial / editorial detail, for /advertorials/{title}/{id} and /advertorial?store=. */
export function AdvertorialPage() {
  const { advertorial, alternativeAddress, readMore } = useLoaderData<AdvertorialData>();
  return (
    <main className="container py-4">
      {advertorial ? <AdvertorialArticle advertorial={advertorial} noindex={alternativeAddress} /> : <AdvertorialFallback />}
      <ReadMoreSection items={readMore} />
    </main>
  );
}

function AdvertorialArticle({ advertorial, noindex }: { advertorial: AdvertorialView; noindex: boolean }) {
  const { site } = useRootData();
  return (
    <div className="row g-4 g-lg-5">
      <PageMeta
        title={withoutSiteName(advertorial.meta.title, site.name)}
        description={advertorial.meta.description || undefined}
        keywords={advertorial.meta.keywords || undefined}
        image={advertorial.imageUrl || undefined}
        noindex={noindex}
        type="article"
        dates={{ published: advertorial.publishTime, modified: advertorial.modifiedTime }}
        structuredData={(page) =>
          articleNodes(page, advertorial, { description: advertorial.meta.description || advertorial.subtitle, products: advertorial.products })
        }
      />
      <article className="col-lg-8">
        <SponsoredNotice className="mb-3" />
        <ArticleHeading header={advertorial} kind="advertorials" subtitle={advertorial.subtitle} />
        <AdvertorialSummary html={advertorial.summaryHtml} text={advertorial.summaryText} />
        {advertorial.showOverview && <QuickOverview products={advertorial.products} />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the description, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/advertorials.ts */}
        {advertorial.descriptionHtml && <div className="mb-4" dangerouslySetInnerHTML={{ __html: advertorial.descriptionHtml }} />}
        <AdvertorialProducts products={advertorial.products} />
        {advertorial.conclusionHtml && (
          <section className="mb-4" aria-labelledby="conclusion">
            <h2 id="conclusion" className="h4">
              Conclusion
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the conclusion, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/advertorials.ts */}
            <div dangerouslySetInnerHTML={{ __html: advertorial.conclusionHtml }} />
          </section>
        )}
        <TagList tags={advertorial.tags} />
      </article>
      <aside className="col-lg-4">
        <AuthorSidebarSection author={advertorial.author} />
      </aside>
    </div>
  );
}
