import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { listArticleItems } from "../../data/articles";
import { listBanners } from "../../data/banners";
import { BEST_DEALS, listBestDeals, listBestStores, listHomeCategories, listPopularArticles } from "../../data/home";
import { listTopDeals } from "../../data/top-deals";
import { randomSeed } from "../../lib/shuffle";
import { organization, webSite } from "../../lib/structured-data";
import { PageMeta } from "../components/PageMeta";
import { loadReadMore, ReadMoreBlock } from "../components/ReadMoreBlock";
import { contentFrom } from "../load-context";
import { useRootData } from "../root-data";
import { BannerSlider } from "./home/BannerSlider";
import { BlogStrip } from "./home/BlogStrip";
import { HERO_SUMMARY } from "./home/home-content";
import { HomeHero } from "./home/HomeHero";
import { ImageSlider } from "./home/ImageSlider";
import { LatestDeals } from "./home/LatestDeals";
import { OfferGridSection } from "./home/OfferGridSection";
import { PopularArticles } from "./home/PopularArticles";
import { PopularCategories } from "./home/PopularCategories";
import { PopularOffers } from "./home/PopularOffers";
import { sectionResult } from "./home/section-result";
import { WhatSetsUsApart } from "./home/WhatSetsUsApart";

/** Spec section 9: Top deals 3, Latest Deals 5 (top deals page 1), blog strip 5. */
const TOP_DEALS = 3;
const LATEST_DEALS = 5;
const BLOG_STRIP_ARTICLES = 5;
/** Spec: Best deals cut the deal card subheading to 4 words. */
const BEST_DEAL_SUBHEADING_WORDS = 4;

/**
 * The hero and the category tiles are above the fold: the loader waits for the category
 * list. Every other section is a deferred value that streams after the shell and fails
 * on its own. One top-deals read feeds Top Deals, Popular offers and Latest Deals; one
 * banner read feeds the slider and the Popular articles pool.
 */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const pb = contentFrom(context);
  const banners = listBanners(pb);
  const topDeals = listTopDeals(pb, { page: 1, perPage: LATEST_DEALS });
  const sections = {
    popularArticles: sectionResult("popular articles", listPopularArticles(pb, { seed: randomSeed(), banners })),
    topDeals: sectionResult("top deals", topDeals),
    bestDeals: sectionResult("best deals", listBestDeals(pb)),
    bestStores: sectionResult("best stores", listBestStores(pb)),
    banners: sectionResult("banners", banners),
    blog: sectionResult("blog strip", listArticleItems(pb, "blog", { page: 1, perPage: BLOG_STRIP_ARTICLES }).then((list) => list.items)),
    readMore: loadReadMore(pb),
  };
  const categories = await listHomeCategories(pb).catch((err: unknown) => {
    console.error("home: categories read failed", err);
    return null;
  });
  return { categories, ...sections };
}

export function HomePage() {
  const data = useLoaderData<typeof homeLoader>();
  const { site } = useRootData();
  return (
    <main>
      <PageMeta
        title={site.name}
        description={HERO_SUMMARY}
        structuredData={(page) => [
          organization(page, { logoPath: "/favicon.svg", email: site.supportEmail, sameAs: site.socialLinks.map((link) => link.url) }),
          webSite(page),
        ]}
      />
      <HomeHero categories={data.categories} />
      <div className="container">
        <PopularCategories categories={data.categories} />
        <PopularArticles resolve={data.popularArticles} />
        <OfferGridSection id="top-deals" title="Top Deals" viewAll={{ to: "/stores", label: "View all" }} resolve={data.topDeals} count={TOP_DEALS} />
        <OfferGridSection
          id="best-deals"
          title="Best deals"
          viewAll={{ to: "/offers", label: "View all" }}
          resolve={data.bestDeals}
          count={BEST_DEALS}
          subheadingWords={BEST_DEAL_SUBHEADING_WORDS}
        />
        <PopularOffers deals={data.topDeals} stores={data.bestStores} />
        <BannerSlider resolve={data.banners} />
        <ImageSlider />
        <WhatSetsUsApart />
        <LatestDeals resolve={data.topDeals} />
        <ReadMoreBlock items={data.readMore} />
        <BlogStrip resolve={data.blog} />
      </div>
    </main>
  );
}
