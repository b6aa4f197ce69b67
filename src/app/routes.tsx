import type { RouteObject } from "react-router";
import { notFound } from "./http-errors";
import { Layout } from "./layout/Layout";
import { advertorialLoader, storeAdvertorialLoader } from "./pages/advertorial/advertorial-loader";
import { ArticleListPage, articleListLoader } from "./pages/ArticleListPage";
import { blogArticleLoader } from "./pages/blog/blog-loader";
import { comparisonLoader, singleComparisonLoader } from "./pages/comparison/comparison-loader";
import { ContactPage } from "./pages/ContactPage";
import { HomePage, homeLoader } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { RouteErrorPage } from "./pages/RouteErrorPage";
import { SearchPage, searchLoader } from "./pages/SearchPage";
import { StoresPage, storesLoader } from "./pages/StoresPage";
import { offersLoader } from "./pages/store/offers-loader";
import { storeLoader } from "./pages/store/store-loader";
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
        children: [
          { id: "home", index: true, loader: homeLoader, Component: HomePage },
          { id: "search", path: "search", loader: searchLoader, Component: SearchPage },
          { id: "stores", path: "stores", loader: storesLoader, Component: StoresPage },
          // Loaders stay in the main bundle so data and code load in parallel on a client navigation.
          { id: "store", path: "stores/:title/:id", loader: storeLoader, lazy: () => import("./pages/StorePage").then((m) => ({ Component: m.StorePage })) },
          { id: "offers", path: "offers", loader: offersLoader, lazy: () => import("./pages/OffersPage").then((m) => ({ Component: m.OffersPage })) },
          { id: "advertorials", path: "advertorials", loader: articleListLoader("advertorials"), Component: ArticleListPage },
          { id: "comparisions", path: "comparisions", loader: articleListLoader("comparisions"), Component: ArticleListPage },
          { id: "blog", path: "blog", loader: articleListLoader("blog"), Component: ArticleListPage },
          // Editorial detail screens: loaders in the main bundle (data and code load in
          // parallel), screens lazy; the blog's markdown renderer loads with its read.
          { id: "blog-article", path: "blog/:title/:id", loader: blogArticleLoader, lazy: () => import("./pages/BlogArticlePage").then((m) => ({ Component: m.BlogArticlePage })) },
          { id: "comparison", path: "comparisions/:title/:id", loader: comparisonLoader, lazy: () => import("./pages/ComparisonPage").then((m) => ({ Component: m.ComparisonPage })) },
          { id: "single-comparison", path: "comparision/:id?", loader: singleComparisonLoader, lazy: () => import("./pages/ComparisonPage").then((m) => ({ Component: m.ComparisonPage })) },
          { id: "advertorial", path: "advertorials/:title/:id", loader: advertorialLoader, lazy: () => import("./pages/AdvertorialPage").then((m) => ({ Component: m.AdvertorialPage })) },
          { id: "store-advertorial", path: "advertorial", loader: storeAdvertorialLoader, lazy: () => import("./pages/AdvertorialPage").then((m) => ({ Component: m.AdvertorialPage })) },
          // Lazy routes load their code only when visited: About's carousel (Swiper) is the
          // largest dependency of any screen, and the legal texts are long and rarely read.
          { id: "about-us", path: "about-us", lazy: () => import("./pages/AboutPage").then((m) => ({ Component: m.AboutPage })) },
          { id: "contact-us", path: "contact-us", Component: ContactPage },
          { id: "privacy-policy", path: "privacy-policy", lazy: () => import("./pages/legal/PrivacyPolicyPage").then((m) => ({ Component: m.PrivacyPolicyPage })) },
          { id: "terms-of-use", path: "terms-of-use", lazy: () => import("./pages/legal/TermsOfUsePage").then((m) => ({ Component: m.TermsOfUsePage })) },
          { id: "cookie-policy", path: "cookie-policy", lazy: () => import("./pages/legal/CookiePolicyPage").then((m) => ({ Component: m.CookiePolicyPage })) },
          { id: "do-not-sell-or-share", path: "do-not-sell-or-share", lazy: () => import("./pages/legal/DoNotSellPage").then((m) => ({ Component: m.DoNotSellPage })) },
          // Their loaders answer 404, so the error screen renders NotFoundPage with that status.
          { id: "not-found", path: "not-found", loader: notFound, Component: NotFoundPage },
          { id: "catch-all", path: "*", loader: notFound, Component: NotFoundPage },
        ],
      },
    ],
  },
];
