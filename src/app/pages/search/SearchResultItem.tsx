import { SEARCH_KIND_LABELS, type SearchHit } from "../../../data/search-kinds";
import { StoreMark } from "../../components/StoreMark";
import { StoreRating } from "../../components/StoreRating";
import { SponsoredBadge } from "../../components/SponsoredNotice";
import { AppLink } from "../../components/AppLink";

const THUMB = 72;

/** One result: thumbnail in a fixed box, kind (an advertorial's labelled Sponsored), title (the link), an offer's store, snippet, a store's rating. */
export function SearchResultItem({ hit }: { hit: SearchHit }) {
  const title = (
    <AppLink className="stretched-link text-reset" to={hit.href}>
      {hit.title}
    </AppLink>
  );
  return (
    <article className="d-flex gap-3 align-items-start position-relative py-3 border-bottom">
      <div className="flex-shrink-0 rounded border bg-body-tertiary overflow-hidden" style={{ width: THUMB, height: THUMB }}>
        {hit.imageUrl && (
          <img src={hit.imageUrl} alt="" width={THUMB} height={THUMB} loading="lazy" decoding="async" className="w-100 h-100 object-fit-contain" />
        )}
      </div>
      <div style={{ minWidth: 0 }}>
        <p className="small text-primary-emphasis fw-semibold mb-1">
          {SEARCH_KIND_LABELS[hit.kind]}
          {hit.kind === "advertorials" && <SponsoredBadge className="ms-2" />}
        </p>
        <h2 className="h6 mb-1">{title}</h2>
        {hit.store && (
          <p className="small mb-1">
            {"at "}
            <StoreMark title={hit.store.title} logoUrl={hit.store.logoUrl} />
          </p>
        )}
        {hit.snippet && <p className="small text-body-secondary mb-1">{hit.snippet}</p>}
        {hit.rating && <StoreRating rating={hit.rating.value} reviewers={hit.rating.count} source={hit.rating.source} />}
      </div>
    </article>
  );
}
