import { fileUrl } from "../../../data/files";
import type { StoreDetails } from "../../../data/stores";
import { OutboundLink } from "../../components/OutboundLink";

const LOGO_SIZE = 72;

/** Spec: below the offers, the store's logo, title, description and default action button. */
export function StoreAbout({ store }: { store: StoreDetails }) {
  if (!store.description && !store.default_action_url) return null;
  return (
    <section className="border-top mt-5 pt-4" aria-labelledby="store-about">
      <div className="d-flex align-items-center gap-3 mb-3">
        {store.logo && (
          <img className="rounded-3" src={fileUrl(store, store.logo, "100x100")} alt="" width={LOGO_SIZE} height={LOGO_SIZE} loading="lazy" decoding="async" />
        )}
        <h2 id="store-about" className="h4 mb-0">
          {store.title}
        </h2>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the store's description, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/stores.ts */}
      {store.description && <div className="store-description" dangerouslySetInnerHTML={{ __html: store.description }} />}
      {store.default_action_url && (
        <OutboundLink to={store.default_action_url} className="btn btn-primary">
          {store.default_action_text || "Visit Website"}
        </OutboundLink>
      )}
    </section>
  );
}
