import type { ArticleListItem } from "../../../data/articles";
import { ArticleCard } from "../articles/ArticleCard";
import { CardPlaceholders, CarouselSection } from "./HomeSection";
import type { SectionResult } from "./section-result";

/** Spec section 9: the blog strip has 1 slide, 2 from 500 px, 3 from 900 px, 4 from 1200 px. */
const LAYOUT = { slidesPerView: 1, breakpoints: { 500: 2, 900: 3, 1200: 4 }, gap: 24 } as const;

/** Spec Home, Blog strip: the latest 5 articles; 'View All' to /blog. */
export function BlogStrip({ resolve }: { resolve: Promise<SectionResult<ArticleListItem[]>> }) {
  return (
    <CarouselSection
      id="blog-strip"
      title="From our blog"
      viewAll={{ to: "/blog", label: "View All" }}
      label="Latest blog articles"
      resolve={resolve}
      placeholder={<CardPlaceholders count={4} columns="row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-xl-4" height={280} />}
      layout={LAYOUT}
      renderItem={(article) => <ArticleCard item={article} compact />}
    />
  );
}
