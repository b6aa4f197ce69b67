import { useLoaderData } from "react-router";
import { BEST_DEALS, TOP_DEALS } from "../../data/home-sizes";
import { LOGO_PATH } from "../../lib/brand";
import { organization, webSite } from "../../lib/structured-data";
import { PageMeta } from "../components/PageMeta";
import { useRootData } from "../root-data";
import { HERO_SUMMARY } from "./home/home-content";
import type { homeLoader } from "./home/home-loader";
import { HomeHero } from "./home/HomeHero";
import { CountryNote } from "../components/CountryNote";
import { ReadMoreSection } from "../components/ReadMoreSection";
import { lazySection } from "../lazy-section";

/* Every section below the hero is hydrated when the visitor comes near it (issue 37). */
const PopularCategories = lazySection("popular-categories", () => import("./home/PopularCategories"), "PopularCategories");
const PopularArticles = lazySection("popular-articles", () => import("./home/PopularArticles"), "PopularArticles");
const TopDeals = lazySection("top-deals", () => import("./home/OfferGridSection"), "OfferGridSection");
const BestDeals = lazySection("best-deals", () => import("./home/OfferGridSection"), "OfferGridSection");
const PopularOffers = lazySection("popular-offers", () => import("./home/PopularOffers"), "PopularOffers");
const BannerSlider = lazySection("top-offers", () => import("./home/BannerSlider"), "BannerSlider");
const ImageSlider = lazySection("image-slider", () => import("./home/ImageSlider"), "ImageSlider");
const WhatSetsUsApart = lazySection("what-sets-us-apart", () => import("./home/WhatSetsUsApart"), "WhatSetsUsApart");
const LatestDeals = lazySection("latest-deals", () => import("./home/LatestDeals"), "LatestDeals");
const BlogStrip = lazySection("blog", () => import("./home/BlogStrip"), "BlogStrip");

/** Spec: Best deals cut the deal card subheading to 4 words. */
const BEST_DEAL_SUBHEADING_WORDS = 4;

export function HomePage() {
  const data = useLoaderData<typeof homeLoader>();
  const { site } = useRootData();
  return (
    <main>
      <PageMeta
        title={site.name}
        description={HERO_SUMMARY}
        structuredData={(page) => [
          organization(page, { logoPath: LOGO_PATH, email: site.supportEmail, sameAs: site.socialLinks.map((link) => link.url) }),
          webSite(page),
        ]}
      />
      <HomeHero categories={data.categories} />
      <div className="container">
        <CountryNote />
        <PopularCategories categories={data.categories} />
        <PopularArticles resolve={data.popularArticles} />
        <TopDeals id="top-deals" title="Top Deals" viewAll={{ to: "/stores", label: "View all" }} resolve={data.topDeals} count={TOP_DEALS} />
        <BestDeals
          id="best-deals"
          title="Best deals"
          viewAll={{ to: "/offers", label: "View all" }}
          resolve={data.bestDeals}
          count={BEST_DEALS}
          subheadingWords={BEST_DEAL_SUBHEADING_WORDS}
        />
        <PopularOffers deals={data.popularDeals} stores={data.bestStores} />
        <BannerSlider resolve={data.banners} />
        <ImageSlider />
        <WhatSetsUsApart />
        <LatestDeals resolve={data.latestDeals} />
        <ReadMoreSection items={data.readMore} />
        <BlogStrip resolve={data.blog} />
      </div>
    </main>
  );
}
