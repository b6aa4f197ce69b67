import { fileUrl } from "../../../data/files";
import type { StoreDetails } from "../../../data/stores";
import { OutboundLink } from "../../components/OutboundLink";
import { PreviewBadge } from "../../components/PreviewBadge";
import { StoreRating } from "../../components/StoreRating";

const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;
export const HERO_LOGO_SIZE = 112;

/** Bootstrap Icons "shield-fill-check" (MIT). */
const SHIELD_PATH =
  "M8 0c-.69 0-1.843.265-2.928.56-1.11.3-2.229.655-2.887.87a1.54 1.54 0 0 0-1.044 1.262c-.596 4.477.787 7.795 2.465 9.99a11.8 11.8 0 0 0 2.517 2.453c.386.273.744.482 1.048.625.28.132.581.24.829.24s.548-.108.829-.24a7 7 0 0 0 1.048-.625 11.8 11.8 0 0 0 2.517-2.453c1.678-2.195 3.061-5.513 2.465-9.99a1.54 1.54 0 0 0-1.044-1.263 63 63 0 0 0-2.887-.87C9.843.266 8.69 0 8 0m2.146 5.146a.5.5 0 0 1 .708.708l-3 3a.5.5 0 0 1-.708 0l-1.5-1.5a.5.5 0 1 1 .708-.708L7.5 7.793z";

/** The link text for a store's website: its host name. */
export function websiteLabel(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, "");
  } catch {
    return "Website";
  }
}

/** Spec: cover banner, logo, optional badge with a shield icon, the heading with month and
 * year, the rating with its number of reviewers, subheading, website link, default action button, summary HTML and keypoints. */
export function StoreHero({ store, heading }: { store: StoreDetails; heading: string }) {
  const badge = store.expand?.badge;
  const keypoints = Object.entries(store.keypoints ?? {});
  const overlap = Boolean(store.banner_image && store.logo);
  return (
    <section className="mb-4" aria-labelledby="store-heading">
      {store.banner_image && (
        <img
          className="d-block w-100 h-auto rounded-4 object-fit-cover bg-body-tertiary"
          src={fileUrl(store, store.banner_image)}
          alt=""
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          fetchPriority="high"
        />
      )}
      {/* From tablets up the logo overlaps the banner's lower edge and the text starts below
          it; on phones it sits under the banner, whose artwork may carry text near that edge. */}
      <div className={`position-relative d-flex flex-column flex-md-row gap-3 gap-md-4 px-3 px-md-4 ${overlap ? "store-hero-overlap" : "mt-3"}`}>
        {store.logo && (
          <img
            className="flex-shrink-0 rounded-4 border border-4 border-body bg-body shadow-sm"
            src={fileUrl(store, store.logo, "100x100")}
            alt={`${store.title} logo`}
            width={HERO_LOGO_SIZE}
            height={HERO_LOGO_SIZE}
          />
        )}
        <div className={`flex-grow-1${overlap ? " pt-md-5" : ""}`}>
          {badge && (
            <p className="badge text-bg-success d-inline-flex align-items-center gap-1 mb-2">
              <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
                <path d={SHIELD_PATH} />
              </svg>
              {badge.title}
            </p>
          )}
          <h1 id="store-heading" className="h2 mb-1">
            {heading}
            <PreviewBadge id={store.id} />
          </h1>
          <StoreRating rating={store.rating} reviewers={store.reviewers} source={store.rating_source} className="mb-2" />
          {store.subheading && <p className="lead mb-3">{store.subheading}</p>}
          <div className="d-flex flex-wrap align-items-center gap-3">
            {store.default_action_url && (
              <OutboundLink to={store.default_action_url} className="btn btn-primary btn-lg">
                {store.default_action_text || "Visit Website"}
              </OutboundLink>
            )}
            {store.website && <OutboundLink to={store.website}>{websiteLabel(store.website)}</OutboundLink>}
          </div>
        </div>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the store's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/stores.ts */}
      {store.summery && <div className="mt-4 store-summary" dangerouslySetInnerHTML={{ __html: store.summery }} />}
      {keypoints.length > 0 && (
        <dl className="row row-cols-2 row-cols-md-4 g-3 mt-2 mb-0">
          {keypoints.map(([label, value]) => (
            // A group is a <dl>'s child and holds its <dt> and <dd> directly (WCAG 1.3.1).
            <div className="col d-flex flex-column-reverse" key={label}>
              <dt className="small fw-normal text-body-secondary border border-top-0 rounded-bottom-3 px-3 pb-3">{label}</dt>
              <dd className="fs-5 fw-semibold mb-0 border border-bottom-0 rounded-top-3 px-3 pt-3 pb-1 flex-grow-1">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
