import { fileUrl } from "../../data/files";
import type { StoreCard as StoreCardData } from "../../data/stores";
import { storePath } from "../../lib/slug";
import { SPONSORED_LABEL } from "../../lib/sponsored";
import { truncateChars } from "../../lib/text";
import { StoreRating } from "./StoreRating";
import { AppLink } from "./AppLink";

/** Spec: store title cut at 30 characters, subheading at 50. */
const TITLE_MAX = 30;
const SUBHEADING_MAX = 50;
const LOGO_SIZE = 96;

/** The spec's card; its footer links only to the comparison and advertorial pages that exist
 * (an advertorial is paid content: it is never called a review). */
export function StoreCard({ store }: { store: StoreCardData }) {
  const storeQuery = `?store=${encodeURIComponent(store.id)}`;
  return (
    <article className="card h-100 shadow-sm">
      <div className="card-body d-flex flex-column align-items-center text-center">
        {store.logo && (
          <img
            className="mb-3 rounded"
            src={fileUrl(store, store.logo)}
            alt={`${store.title} logo`}
            width={LOGO_SIZE}
            height={LOGO_SIZE}
            loading="lazy"
            decoding="async"
          />
        )}
        <h2 className="h6 card-title">
          <AppLink className="stretched-link text-reset text-decoration-none" to={storePath(store)} state={{ storeId: store.id }}>
            {truncateChars(store.title, TITLE_MAX)}
          </AppLink>
        </h2>
        <StoreRating rating={store.rating} reviewers={store.reviewers} source={store.rating_source} className="justify-content-center mb-1" />
        {store.subheading && <p className="card-text small text-body-secondary mb-0">{truncateChars(store.subheading, SUBHEADING_MAX)}</p>}
      </div>
      {(store.editorials.comparison || store.editorials.review) && (
        <div className="card-footer bg-transparent d-flex flex-wrap gap-2 small position-relative z-1">
          {store.editorials.comparison && <AppLink to={`/comparision${storeQuery}`}>Comparison</AppLink>}
          {store.editorials.review && (
            <AppLink className="ms-auto" to={`/advertorial${storeQuery}`}>
              Advertorial ({SPONSORED_LABEL.toLowerCase()})
            </AppLink>
          )}
        </div>
      )}
    </article>
  );
}
