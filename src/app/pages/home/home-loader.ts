import type { LoaderFunctionArgs } from "react-router";
import { listArticleItems } from "../../../data/articles";
import { listBanners } from "../../../data/banners";
import { listBestDeals, listBestStores, listHomeCategories, listPopularArticles } from "../../../data/home";
import { readUsage, withUsage } from "../../../data/offer-usage";
import { listTopDeals } from "../../../data/top-deals";
import { randomSeed } from "../../../lib/shuffle";
import { loadReadMore } from "../../components/read-more-loader";
import { contentFrom } from "../../load-context";
import { sectionResult } from "./section-result";

/** Spec section 9: Latest Deals 5 (top deals page 1), blog strip 5. */
const LATEST_DEALS = 5;
const BLOG_STRIP_ARTICLES = 5;

/**
 * The hero and the category tiles are above the fold: the loader waits for the category
 * list. Every other section is a deferred value that streams after the shell and fails
 * on its own. One top-deals read feeds Top Deals, Popular offers and Latest Deals; one
 * banner read feeds the slider and the Popular articles pool; one usage read gives every
 * offer card on the page its "Used N times today" (a failed offer read leaves it out).
 */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const pb = contentFrom(context);
  const banners = listBanners(pb);
  const topDeals = listTopDeals(pb, { page: 1, perPage: LATEST_DEALS });
  const bestDeals = listBestDeals(pb);
  const settled = <T>(list: Promise<T[]>) => list.catch((): T[] => []);
  const usage = Promise.all([settled(topDeals), settled(bestDeals)]).then(([top, best]) =>
    readUsage(
      pb,
      [...top, ...best].map((offer) => offer.id),
    ),
  );
  const sections = {
    popularArticles: sectionResult("popular articles", listPopularArticles(pb, { seed: randomSeed(), banners })),
    topDeals: sectionResult(
      "top deals",
      topDeals.then(async (list) => withUsage(list, await usage)),
    ),
    bestDeals: sectionResult(
      "best deals",
      bestDeals.then(async (list) => withUsage(list, await usage)),
    ),
    bestStores: sectionResult("best stores", listBestStores(pb)),
    banners: sectionResult("banners", banners),
    blog: sectionResult(
      "blog strip",
      listArticleItems(pb, "blog", { page: 1, perPage: BLOG_STRIP_ARTICLES }).then((list) => list.items),
    ),
    readMore: loadReadMore(pb),
  };
  const categories = await listHomeCategories(pb).catch((err: unknown) => {
    console.error("home: categories read failed", err);
    return null;
  });
  return { categories, ...sections };
}
