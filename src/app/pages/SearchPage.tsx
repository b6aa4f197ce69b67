import { Link, useLoaderData, useLocation } from "react-router";
import type { SearchQuery, SearchResults } from "../../data/search";
import { SEARCH_KINDS, type SearchKind } from "../../data/search-kinds";
import { OfferCard } from "../components/OfferCard";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { StoreCard } from "../components/StoreCard";
import { ArticleCard } from "./articles/ArticleCard";
import { SearchForm } from "./home/SearchForm";
import type { searchLoader } from "./search/search-loader";

const KIND_LABELS: Record<SearchKind, string> = { stores: "Stores", offers: "Offers", articles: "Articles" };
const COLUMNS = "row-cols-1 row-cols-sm-2 row-cols-lg-3";

function searchHref({ text, category }: SearchQuery, kind: SearchKind, page = 1): string {
  const params = new URLSearchParams({ q: text });
  if (category) params.set("category", category);
  params.set("type", kind);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

function describe({ text, category }: SearchQuery): string {
  return `“${text}”${category ? ` in ${category}` : ""}`;
}

function ResultList({ results, kind }: { results: SearchResults; kind: SearchKind }) {
  const items =
    kind === "stores"
      ? results.stores.items.map((store) => ({ key: store.id, card: <StoreCard store={store} /> }))
      : kind === "offers"
        ? results.offers.items.map((offer) => ({ key: offer.id, card: <OfferCard offer={offer} /> }))
        : results.articles.items.map((article) => ({ key: article.id, card: <ArticleCard item={article} /> }));
  if (!items.length) return <p>No {KIND_LABELS[kind].toLowerCase()} on this page.</p>;
  return (
    <ul className={`row g-3 list-unstyled ${COLUMNS}`}>
      {items.map(({ key, card }) => (
        <li className="col" key={key}>
          {card}
        </li>
      ))}
    </ul>
  );
}

function Results({ query, results }: { query: SearchQuery; results: SearchResults & { shown: SearchKind } }) {
  const total = SEARCH_KINDS.reduce((sum, kind) => sum + results[kind].totalItems, 0);
  if (total === 0) {
    return (
      <p className="lead" role="status">
        {`Nothing matches ${describe(query)} yet. Try other words or another category.`}
      </p>
    );
  }
  const shown = results[results.shown];
  return (
    <>
      <p className="text-body-secondary" role="status">
        {`${total} ${total === 1 ? "result" : "results"} for ${describe(query)}`}
      </p>
      <nav aria-label="Result types" className="mb-4">
        <ul className="nav nav-tabs">
          {SEARCH_KINDS.map((kind) => (
            <li className="nav-item" key={kind}>
              <Link
                className={`nav-link${kind === results.shown ? " active" : ""}`}
                to={searchHref(query, kind)}
                aria-current={kind === results.shown ? "page" : undefined}
              >
                {`${KIND_LABELS[kind]} (${results[kind].totalItems})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ResultList results={results} kind={results.shown} />
      <Pagination page={shown.page} totalPages={shown.totalPages} hrefFor={(page) => searchHref(query, results.shown, page)} label={`${KIND_LABELS[results.shown]} result pages`} />
    </>
  );
}

/** Search results: matching stores, offers and blog articles, one kind per tab, paged. */
export function SearchPage() {
  const { query, results } = useLoaderData<typeof searchLoader>();
  const location = useLocation();
  return (
    <main className="container py-4">
      <PageMeta title={query.text ? `Search results for ${describe(query)}` : "Search"} noindex />
      <h1 className="h3 mb-3">Search coupons, deals and stores</h1>
      <div className="mb-4">
        {/* Keyed by the address, so the fields show the new query after each search. */}
        <SearchForm key={location.search} text={query.text} category={query.category ?? ""} />
      </div>
      {results ? <Results query={query} results={results} /> : <p>Type what you are looking for and pick a category, then press Search.</p>}
    </main>
  );
}
