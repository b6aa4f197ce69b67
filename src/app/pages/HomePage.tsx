import { lazy, Suspense } from "react";
import { useLoaderData } from "react-router";
import { BEST_DEALS, TOP_DEALS } from "../../data/home-sizes";
import { LOGO_PATH } from "../../lib/brand";
import { organization, webSite } from "../../lib/structured-data";
import { PageMeta } from "../components/PageMeta";
import { ReadMoreBlock } from "../components/ReadMoreBlock";
import { useRootData } from "../root-data";
import { BannerSlider } from "./home/BannerSlider";
import { BlogStrip } from "./home/BlogStrip";
import { HERO_SUMMARY } from "./home/home-content";
import type { homeLoader } from "./home/home-loader";
import { HomeHero } from "./home/HomeHero";
import { LatestDeals } from "./home/LatestDeals";
import { OfferGridSection } from "./home/OfferGridSection";
import { PopularArticles } from "./home/PopularArticles";
import { PopularCategories } from "./home/PopularCategories";
import { PopularOffers } from "./home/PopularOffers";

/* Static sections far below the fold: their code is a chunk of its own, fetched once the page
   has started hydrating instead of before it; the server's HTML stands until it arrives
   (React hydrates a Suspense boundary when its code is in). */
const ImageSlider = lazy(() => import("./home/ImageSlider").then((module) => ({ default: module.ImageSlider })));
const WhatSetsUsApart = lazy(() => import("./home/WhatSetsUsApart").then((module) => ({ default: module.WhatSetsUsApart })));

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
        <PopularOffers deals={data.popularDeals} stores={data.bestStores} />
        <BannerSlider resolve={data.banners} />
        <Suspense>
          <ImageSlider />
          <WhatSetsUsApart />
        </Suspense>
        <LatestDeals resolve={data.latestDeals} />
        <ReadMoreBlock items={data.readMore} />
        <BlogStrip resolve={data.blog} />
      </div>
    </main>
  );
}
