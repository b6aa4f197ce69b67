import { useLoaderData, useLocation } from "react-router";
import type { SearchPageResults, SearchQuery } from "../../data/search";
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchKind } from "../../data/search-kinds";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { SearchForm } from "./home/SearchForm";
import { SEARCH_MAX_LENGTH } from "./home/home-content";
import type { searchLoader } from "./search/search-loader";
import { SearchResultItem } from "./search/SearchResultItem";
import { AppLink } from "../components/AppLink";
import { CountryNote } from "../components/CountryNote";

function searchHref({ text, category }: SearchQuery, kind: SearchKind | null, page = 1): string {
  const params = new URLSearchParams({ q: text });
  if (category) params.set("category", category);
  if (kind) params.set("type", kind);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A count read from a bounded candidate set: "100+" when more records matched. */
function countLabel(results: SearchPageResults, kind: SearchKind): string {
  return `${results.counts[kind]}${results.truncated.includes(kind) ? "+" : ""}`;
}

function CategoryNote({ query, results }: { query: SearchQuery; results: SearchPageResults }) {
  if (!query.category) return null;
  return (
    <p className="mb-3">
      {results.inCategory > 0
        ? `${plural(results.inCategory, "match", "matches")} in ${query.category} ${results.inCategory === 1 ? "is" : "are"} shown first, then matches in other categories.`
        : `Nothing in ${query.category} matches “${query.text}”, so here are the matches in every category.`}
    </p>
  );
}

function KindTabs({ query, results }: { query: SearchQuery; results: SearchPageResults }) {
  const all = SEARCH_KINDS.reduce((sum, kind) => sum + results.counts[kind], 0);
  const tabs: { kind: SearchKind | null; label: string }[] = [
    { kind: null, label: `All (${all})` },
    ...SEARCH_KINDS.filter((kind) => results.counts[kind] > 0).map((kind) => ({ kind, label: `${SEARCH_KIND_LABELS[kind]} (${countLabel(results, kind)})` })),
  ];
  return (
    <nav aria-label="Result types" className="mb-2">
      {/* The tabs wrap: on a phone a row that scrolled sideways hid the last kinds without a cue. */}
      <ul className="nav nav-pills pb-1">
        {tabs.map(({ kind, label }) => (
          <li className="nav-item flex-shrink-0" key={kind ?? "all"}>
            <AppLink className="nav-link" to={searchHref(query, kind)} current={kind === results.kind}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Browse() {
  return (
    <ul className="list-inline">
      <li className="list-inline-item">
        <AppLink to="/stores">All stores</AppLink>
      </li>
      <li className="list-inline-item">
        <AppLink to="/offers">Coupons &amp; deals</AppLink>
      </li>
      <li className="list-inline-item">
        <AppLink to="/comparisions">Comparisons</AppLink>
      </li>
      <li className="list-inline-item">
        <AppLink to="/blog">Blog</AppLink>
      </li>
    </ul>
  );
}

function Results({ query, results }: { query: SearchQuery; results: SearchPageResults }) {
  if (results.total === 0) {
    return (
      <>
        <p className="lead" role="status">{`Nothing matches “${query.text}” yet.`}</p>
        <p>Check the spelling, use fewer words, or browse instead:</p>
        <Browse />
      </>
    );
  }
  const label = results.kind ? SEARCH_KIND_LABELS[results.kind] : "All";
  return (
    <>
      <p className="text-body-secondary" role="status">
        {`${plural(results.total, "result", "results")} for “${query.text}”${results.kind ? ` in ${SEARCH_KIND_LABELS[results.kind].toLowerCase()}` : ""}`}
      </p>
      <CategoryNote query={query} results={results} />
      <KindTabs query={query} results={results} />
      <ol className="list-unstyled mb-0" aria-label="Results">
        {results.hits.map((hit) => (
          <li key={`${hit.kind}:${hit.id}`}>
            <SearchResultItem hit={hit} />
          </li>
        ))}
      </ol>
      <Pagination
        page={results.page}
        totalPages={results.totalPages}
        hrefFor={(page) => searchHref(query, results.kind, page)}
        label={`${label} result pages`}
      />
    </>
  );
}

/** Search results: stores, offers, comparisons, advertorials, blog articles and products,
 * ranked together by relevance, filterable by kind, paged. */
export function SearchPage() {
  const { query, shortenedFrom, results } = useLoaderData<typeof searchLoader>();
  const location = useLocation();
  return (
    <main className="container py-4">
      <PageMeta title={query.text ? `Search results for “${query.text}”` : "Search"} noindex />
      <h1 className="h3 mb-3">Search stores, deals and reviews</h1>
      <CountryNote />
      <div className="mb-4">
        {/* Keyed by the address, so the fields show the new query after each search. */}
        <SearchForm key={location.search} text={query.text} category={query.category ?? ""} categoryRequired={false} />
      </div>
      {shortenedFrom !== null && (
        <p className="alert alert-info">{`Your search had ${shortenedFrom} characters. Searches use up to ${SEARCH_MAX_LENGTH}, so we searched for “${query.text}”.`}</p>
      )}
      {results ? (
        <Results query={query} results={results} />
      ) : (
        <>
          <p>Type a store, a product or what you want to save on (for example “vpn” or “web hosting”), then press Search. Or browse:</p>
          <Browse />
        </>
      )}
    </main>
  );
}
