import type { LoaderFunctionArgs } from "react-router";
import { listArticleItems } from "../../../data/articles";
import { listBanners } from "../../../data/banners";
import { listBestDeals, listBestStores, listHomeCategories, listPopularArticles } from "../../../data/home";
import { allotHomeOffers, type HomeOfferSection, TOP_DEAL_CANDIDATES } from "../../../data/home-offers";
import { isOffered, listLimitedOffers } from "../../../data/offer-countries";
import { readUsage, withUsage } from "../../../data/offer-usage";
import { listTopDeals } from "../../../data/top-deals";
import { randomSeed } from "../../../lib/shuffle";
import { loadReadMore } from "../../components/read-more-loader";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { sectionResult } from "./section-result";

/** Spec section 9: blog strip 5. */
const BLOG_STRIP_ARTICLES = 5;

/**
 * The hero and the category tiles are above the fold: the loader waits for the category
 * list. Every other section is a deferred value that streams after the shell and fails
 * on its own. One top-deals read and one best-deals read feed the four offer sections,
 * no offer shown twice (src/data/home-offers.ts); one banner read feeds the slider and
 * the Popular articles pool; one usage read gives every offer card on the page its "Used
 * N times today" (a failed offer read leaves it out). The candidates limited to other
 * countries than the visitor's are left out before the sections take theirs; the top deals
 * view does not carry countries, so one read of the limited offers says which they are.
 */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const pb = contentFrom(context);
  const banners = listBanners(pb);
  const topDeals = listTopDeals(pb, { page: 1, perPage: TOP_DEAL_CANDIDATES });
  const bestDeals = listBestDeals(pb);
  const limited = listLimitedOffers(pb);
  const scope = countryFrom(context);
  const settled = <T>(list: Promise<T[]>) => list.catch((): T[] => []);
  const allotted = Promise.all([settled(topDeals), settled(bestDeals), limited]).then(async ([top, best, limits]) => {
    const offered = <T extends { id: string }>(list: T[]) => list.filter((offer) => isOffered(scope, limits.get(offer.id)?.countries));
    const offers = allotHomeOffers({ topDeals: offered(top), bestDeals: offered(best) });
    const usage = await readUsage(
      pb,
      Object.values(offers).flatMap((list) => list.map((offer) => offer.id)),
    );
    return { offers, usage };
  });
  // A section fails with the read it draws on, and shows what is left to it once both reads are in.
  const offerSection = (label: string, read: Promise<unknown>, section: HomeOfferSection) =>
    sectionResult(
      label,
      read.then(() => allotted).then(({ offers, usage }) => withUsage(offers[section], usage)),
    );
  const sections = {
    popularArticles: sectionResult("popular articles", listPopularArticles(pb, { seed: randomSeed(), banners })),
    topDeals: offerSection("top deals", topDeals, "topDeals"),
    bestDeals: offerSection("best deals", bestDeals, "bestDeals"),
    popularDeals: offerSection("popular deals", topDeals, "popularDeals"),
    latestDeals: offerSection("latest deals", topDeals, "latestDeals"),
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
