import { useLoaderData } from "react-router";
import type { ArticleKind } from "../../data/articles";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { SponsoredNotice } from "../components/SponsoredNotice";
import type { ArticleListData } from "./articles/article-list-loader";
import { ArticleCard } from "./articles/ArticleCard";
import { ArticleHero } from "./articles/ArticleHero";
import { CategoryPills } from "./articles/CategoryPills";
import { EMPTY_LIST_MESSAGE } from "./articles/empty-list";

const LISTS: Record<ArticleKind, { title: string; noun: string; description: string; keywords: string; sponsored?: true }> = {
  advertorials: {
    title: "Advertorials",
    noun: "advertorials",
    description: "Sponsored articles, paid for by the companies they feature and labelled as such: software and online services with prices and coupon codes.",
    keywords: "advertorials, sponsored, software, coupon codes, deals",
    sponsored: true,
  },
  comparisions: {
    title: "Comparisons",
    noun: "comparisons",
    description: "Head-to-head comparisons of software and online services on price, features and support, tested by our editors.",
    keywords: "comparison, vs, software comparison, best value, reviews",
  },
  blog: {
    title: "Blog",
    noun: "articles",
    description: "Guides and tips from our editors on security, hosting, mobile, money apps and saving on digital services.",
    keywords: "blog, guides, how to, tips, security, hosting",
  },
};

/** The list's query string ("" or "?…") for a filter and page. */
function listSearch({ categoryId, storeIds, page }: { categoryId: string; storeIds: readonly string[]; page: number }): string {
  const query = new URLSearchParams();
  if (categoryId) query.set("id", categoryId);
  if (storeIds.length) query.set("stores", storeIds.join(","));
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** The one screen of /advertorials, /comparisions and /blog. */
export function ArticleListPage() {
  const { kind, categories, list, categoryId, storeIds, fellBack } = useLoaderData<ArticleListData>();
  const meta = LISTS[kind];
  const [hero, ...rest] = list.items;
  const search = (changes: { categoryId?: string; page?: number }) =>
    listSearch({ categoryId: changes.categoryId ?? categoryId, storeIds, page: changes.page ?? 1 });
  const href = (changes: { categoryId?: string; page?: number }) => `/${kind}${search(changes)}`;
  return (
    <main className="container py-4">
      <PageMeta
        title={list.page > 1 ? `${meta.title}, page ${list.page}` : meta.title}
        description={meta.description}
        keywords={meta.keywords}
        canonicalSearch={search({ page: list.page })}
        image={hero?.largeImageUrl}
      />
      <h1 className="h3 mb-3">{meta.title}</h1>
      {meta.sponsored && <SponsoredNotice className="mb-3" />}
      <CategoryPills categories={categories} current={categoryId} hrefFor={(id) => href({ categoryId: id })} />
      {fellBack && (
        <p className="alert alert-info" role="status">
          {`Nothing matches this filter yet, so here are all our ${meta.noun}.`}
        </p>
      )}
      {hero ? (
        <>
          <ArticleHero item={hero} />
          {rest.length > 0 && (
            <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4 list-unstyled">
              {rest.map((item) => (
                <li className="col" key={item.id}>
                  <ArticleCard item={item} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="lead py-5 text-center">{EMPTY_LIST_MESSAGE}</p>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} hrefFor={(page) => href({ page })} label={`${meta.title} pages`} />
    </main>
  );
}
