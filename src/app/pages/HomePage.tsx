import { Suspense } from "react";
import { useLoaderData } from "react-router";
import { BEST_DEALS, TOP_DEALS } from "../../data/home-sizes";
import { LOGO_PATH } from "../../lib/brand";
import { organization, webSite } from "../../lib/structured-data";
import { PageMeta } from "../components/PageMeta";
import { ReadMoreBlock } from "../components/ReadMoreBlock";
import { useRootData } from "../root-data";
import { HERO_SUMMARY } from "./home/home-content";
import type { homeLoader } from "./home/home-loader";
import { HomeHero } from "./home/HomeHero";
import { OfferGridSection } from "./home/OfferGridSection";
import { PopularArticles } from "./home/PopularArticles";
import { PopularCategories } from "./home/PopularCategories";
import { PopularOffers } from "./home/PopularOffers";
import { lazyExport } from "../lazy-export";

/* The sections below Popular offers: their code is a chunk apart, fetched once the page has
   started hydrating instead of before it (the JS budget); the server's HTML stands until it
   arrives (React hydrates a Suspense boundary when its code is in). */
const BannerSlider = lazyExport(() => import("./home/BannerSlider"), "BannerSlider");
const ImageSlider = lazyExport(() => import("./home/ImageSlider"), "ImageSlider");
const WhatSetsUsApart = lazyExport(() => import("./home/WhatSetsUsApart"), "WhatSetsUsApart");
const LatestDeals = lazyExport(() => import("./home/LatestDeals"), "LatestDeals");
const BlogStrip = lazyExport(() => import("./home/BlogStrip"), "BlogStrip");

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
        <Suspense>
          <BannerSlider resolve={data.banners} />
          <ImageSlider />
          <WhatSetsUsApart />
          <LatestDeals resolve={data.latestDeals} />
          <ReadMoreBlock items={data.readMore} />
          <BlogStrip resolve={data.blog} />
        </Suspense>
      </div>
    </main>
  );
}
