import { useLoaderData } from "react-router";
import { comparedProducts } from "../../data/comparison-table";
import type { ComparisonView } from "../../data/comparisons";
import { PageMeta } from "../components/PageMeta";
import { useRootData } from "../root-data";
import { ArticleHeading } from "./articles/ArticleHeading";
import { articleNodes } from "./articles/structured-data";
import { withoutSiteName } from "../../lib/text";
import { TagList } from "./articles/TagList";
import { ComparedProducts } from "./comparison/ComparedProducts";
import type { ComparisonData } from "./comparison/comparison-loader";
import { ComparisonSkeleton } from "./comparison/ComparisonSkeleton";
import { ComparisonTable } from "../components/ComparisonTable";

/** Spec: Comparison page, for /comparisions/{title}/{id} and /comparision. */
export function ComparisonPage() {
  const { comparison, alternativeAddress, offers } = useLoaderData<ComparisonData>();
  return comparison ? <ComparisonArticle comparison={comparison} noindex={alternativeAddress} offers={offers} /> : <ComparisonSkeleton />;
}

function ComparisonArticle({ comparison, noindex, offers }: { comparison: ComparisonView; noindex: boolean; offers: ComparisonData["offers"] }) {
  const { site } = useRootData();
  return (
    <main className="container py-4">
      <PageMeta
        title={withoutSiteName(comparison.meta.title, site.name)}
        description={comparison.meta.description || undefined}
        keywords={comparison.meta.keywords || undefined}
        image={comparison.imageUrl || undefined}
        noindex={noindex}
        type="article"
        dates={{ published: comparison.publishTime, modified: comparison.modifiedTime }}
        structuredData={(page) =>
          articleNodes(page, comparison, {
            description: comparison.meta.description || comparison.subtitle,
            products: [comparison.primary?.product, comparison.secondary?.product, ...comparison.products].filter((card) => card !== undefined),
          })
        }
      />
      <article className="col-lg-9 mx-auto">
        <ArticleHeading header={comparison} kind="comparisions" subtitle={comparison.subtitle} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the intro, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/comparisons.ts */}
        {comparison.introHtml && <div className="mb-4 comparison-intro" dangerouslySetInnerHTML={{ __html: comparison.introHtml }} />}
        {comparison.table && <ComparisonTable table={comparison.table} products={comparedProducts(comparison)} offers={offers} />}
        <ComparedProducts primary={comparison.primary} secondary={comparison.secondary} further={comparison.products} ctaLabel={comparison.ctaLabel} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the outro, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/comparisons.ts */}
        {comparison.outroHtml && <div className="mb-4 comparison-outro" dangerouslySetInnerHTML={{ __html: comparison.outroHtml }} />}
        <TagList tags={comparison.tags} />
      </article>
    </main>
  );
}
