import type { RouteObject } from "react-router";
import { notFound } from "./http-errors";
import { Layout } from "./layout/Layout";
import { NotFoundPage } from "./pages/NotFoundPage";
import { RouteErrorPage } from "./pages/RouteErrorPage";
import { rootLoader, rootShouldRevalidate } from "./root-data";

/** The one route table, used by the server render and by the browser (ARCHITECTURE rule 1).
 * Paths are the spec's route contract. */
export const routes: RouteObject[] = [
  {
    id: "root",
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        id: "pages",
        ErrorBoundary: RouteErrorPage,
        // Every screen and every loader is a chunk of its own (object-form `lazy`): a page
        // loads only its own code, and on a client navigation the loader's chunk and the
        // screen's load in parallel. client/entry.tsx resolves the matched screen before
        // hydrating and leaves the loader to load on its first call (docs/decisions/016).
        children: [
          {
            id: "home",
            index: true,
            lazy: {
              loader: () => import("./pages/home/home-loader").then((m) => m.homeLoader),
              Component: () => import("./pages/HomePage").then((m) => m.HomePage),
            },
          },
          {
            id: "search",
            path: "search",
            lazy: {
              loader: () => import("./pages/search/search-loader").then((m) => m.searchLoader),
              Component: () => import("./pages/SearchPage").then((m) => m.SearchPage),
            },
          },
          {
            id: "stores",
            path: "stores",
            lazy: {
              loader: () => import("./pages/store/stores-loader").then((m) => m.storesLoader),
              Component: () => import("./pages/StoresPage").then((m) => m.StoresPage),
            },
          },
          {
            id: "store",
            path: "stores/:title/:id",
            lazy: {
              loader: () => import("./pages/store/store-loader").then((m) => m.storeLoader),
              Component: () => import("./pages/StorePage").then((m) => m.StorePage),
            },
          },
          {
            id: "offers",
            path: "offers",
            lazy: {
              loader: () => import("./pages/store/offers-loader").then((m) => m.offersLoader),
              Component: () => import("./pages/OffersPage").then((m) => m.OffersPage),
            },
          },
          // The country control; its form posts to the Worker (src/edge/pages/visitor-country.ts).
          {
            id: "country",
            path: "country",
            lazy: {
              loader: () => import("./pages/country/country-loader").then((m) => m.countryLoader),
              Component: () => import("./pages/CountryPage").then((m) => m.CountryPage),
            },
          },
          // /goto answers the link of an ended offer with this page (src/edge/events/goto.ts) and every other link itself.
          {
            id: "offer-ended",
            path: "goto",
            lazy: {
              loader: () => import("./pages/goto/offer-ended-loader").then((m) => m.offerEndedLoader),
              Component: () => import("./pages/OfferEndedPage").then((m) => m.OfferEndedPage),
            },
          },
          // Where a coupon's "Get Code" leads without JavaScript (src/edge/events/reveal.ts).
          {
            id: "coupon-code",
            path: "offers/:id/code",
            lazy: {
              loader: () => import("./pages/coupon/code-loader").then((m) => m.codeLoader),
              Component: () => import("./pages/CouponCodePage").then((m) => m.CouponCodePage),
            },
          },
          {
            id: "advertorials",
            path: "advertorials",
            lazy: {
              loader: () => import("./pages/articles/article-list-loader").then((m) => m.articleListLoader("advertorials")),
              Component: () => import("./pages/ArticleListPage").then((m) => m.ArticleListPage),
            },
          },
          {
            id: "comparisions",
            path: "comparisions",
            lazy: {
              loader: () => import("./pages/articles/article-list-loader").then((m) => m.articleListLoader("comparisions")),
              Component: () => import("./pages/ArticleListPage").then((m) => m.ArticleListPage),
            },
          },
          {
            id: "blog",
            path: "blog",
            lazy: {
              loader: () => import("./pages/articles/article-list-loader").then((m) => m.articleListLoader("blog")),
              Component: () => import("./pages/ArticleListPage").then((m) => m.ArticleListPage),
            },
          },
          // The blog's markdown renderer loads with its read.
          {
            id: "blog-article",
            path: "blog/:title/:id",
            lazy: {
              loader: () => import("./pages/blog/blog-loader").then((m) => m.blogArticleLoader),
              Component: () => import("./pages/BlogArticlePage").then((m) => m.BlogArticlePage),
            },
          },
          {
            id: "comparison",
            path: "comparisions/:title/:id",
            lazy: {
              loader: () => import("./pages/comparison/comparison-loader").then((m) => m.comparisonLoader),
              Component: () => import("./pages/ComparisonPage").then((m) => m.ComparisonPage),
            },
          },
          {
            id: "single-comparison",
            path: "comparision/:id?",
            lazy: {
              loader: () => import("./pages/comparison/comparison-loader").then((m) => m.singleComparisonLoader),
              Component: () => import("./pages/ComparisonPage").then((m) => m.ComparisonPage),
            },
          },
          {
            id: "advertorial",
            path: "advertorials/:title/:id",
            lazy: {
              loader: () => import("./pages/advertorial/advertorial-loader").then((m) => m.advertorialLoader),
              Component: () => import("./pages/AdvertorialPage").then((m) => m.AdvertorialPage),
            },
          },
          {
            id: "store-advertorial",
            path: "advertorial",
            lazy: {
              loader: () => import("./pages/advertorial/advertorial-loader").then((m) => m.storeAdvertorialLoader),
              Component: () => import("./pages/AdvertorialPage").then((m) => m.AdvertorialPage),
            },
          },
          // Issue 53: products, their alternatives, authors, and how the site verifies and rates.
          {
            id: "product",
            path: "products/:title/:id",
            lazy: {
              loader: () => import("./pages/product/product-loader").then((m) => m.productLoader),
              Component: () => import("./pages/product/ProductPage").then((m) => m.ProductPage),
            },
          },
          {
            id: "product-alternatives",
            path: "products/:title/:id/alternatives",
            lazy: {
              loader: () => import("./pages/product/alternatives-loader").then((m) => m.alternativesLoader),
              Component: () => import("./pages/product/AlternativesPage").then((m) => m.AlternativesPage),
            },
          },
          {
            id: "author",
            path: "authors/:title/:id",
            lazy: {
              loader: () => import("./pages/author/author-loader").then((m) => m.authorLoader),
              Component: () => import("./pages/author/AuthorPage").then((m) => m.AuthorPage),
            },
          },
          {
            id: "how-we-verify-codes",
            path: "how-we-verify-codes",
            lazy: { Component: () => import("./pages/methods/HowWeVerifyCodesPage").then((m) => m.HowWeVerifyCodesPage) },
          },
          { id: "how-we-rate", path: "how-we-rate", lazy: { Component: () => import("./pages/methods/HowWeRatePage").then((m) => m.HowWeRatePage) } },
          // About's carousel (Swiper) is the largest dependency of any screen, and the legal
          // texts are long and rarely read.
          { id: "about-us", path: "about-us", lazy: { Component: () => import("./pages/AboutPage").then((m) => m.AboutPage) } },
          { id: "contact-us", path: "contact-us", lazy: { Component: () => import("./pages/ContactPage").then((m) => m.ContactPage) } },
          {
            id: "privacy-policy",
            path: "privacy-policy",
            lazy: { Component: () => import("./pages/legal/PrivacyPolicyPage").then((m) => m.PrivacyPolicyPage) },
          },
          { id: "terms-of-use", path: "terms-of-use", lazy: { Component: () => import("./pages/legal/TermsOfUsePage").then((m) => m.TermsOfUsePage) } },
          { id: "cookie-policy", path: "cookie-policy", lazy: { Component: () => import("./pages/legal/CookiePolicyPage").then((m) => m.CookiePolicyPage) } },
          {
            id: "do-not-sell-or-share",
            path: "do-not-sell-or-share",
            lazy: { Component: () => import("./pages/legal/DoNotSellPage").then((m) => m.DoNotSellPage) },
          },
          // Their loaders answer 404, so the error screen renders NotFoundPage with that status.
          { id: "not-found", path: "not-found", loader: notFound, Component: NotFoundPage },
          { id: "catch-all", path: "*", loader: notFound, Component: NotFoundPage },
        ],
      },
    ],
  },
];
