import { fileUrl } from "../../../data/files";
import type { SimilarStore } from "../../../data/stores";
import { Carousel, type CarouselLayout } from "../../components/Carousel";
import { OutboundLink } from "../../components/OutboundLink";
import { CAPTION_LINE_PX, LOGO_SIZE } from "./SimilarStoresSkeleton";

/** Spec section 9: 1, 3 and 5 slides under 768, from 768 and from 992 (breakpoints 460,
 * 768, 992), gap 24, autoplay every 2000 ms, speed 450 ms. */
export const SIMILAR_STORES_LAYOUT: CarouselLayout = { slidesPerView: 1, breakpoints: { 460: 1, 768: 3, 992: 5 }, gap: 24 };
export const SIMILAR_STORES_AUTOPLAY_MS = 2000;
export const SIMILAR_STORES_SPEED_MS = 450;

/** Spec: the 'Similar Stores' strip. Each logo, captioned with its store's name, opens that
 * store's default action (through /goto, in a new tab). Hidden on small screens and when
 * there is no similar store. */
export function SimilarStores({ stores }: { stores: readonly SimilarStore[] }) {
  if (!stores.length) return null;
  return (
    // Not a labelled region itself: the carousel is the 'Similar Stores' region.
    <section className="d-none d-md-block mb-4">
      <h2 className="h5 mb-3">Similar Stores</h2>
      <Carousel
        label="Similar Stores"
        items={stores}
        itemKey={(store) => store.id}
        renderItem={(store) => (
          // The caption names the store, on screen and as the link's accessible name; the logo is decoration beside it.
          <OutboundLink
            to={store.default_action_url}
            className="d-flex flex-column align-items-center justify-content-center gap-2 h-100 border rounded-3 p-2 bg-body text-body text-decoration-none"
          >
            {store.logo && <img src={fileUrl(store, store.logo, "100x100")} alt="" width={LOGO_SIZE} height={LOGO_SIZE} loading="lazy" decoding="async" />}
            <span className="small fw-semibold text-center text-truncate w-100" style={{ lineHeight: `${CAPTION_LINE_PX}px` }}>
              {store.title}
            </span>
          </OutboundLink>
        )}
        {...SIMILAR_STORES_LAYOUT}
        autoplayMs={SIMILAR_STORES_AUTOPLAY_MS}
        speed={SIMILAR_STORES_SPEED_MS}
        loop
      />
    </section>
  );
}
