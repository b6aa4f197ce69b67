import { titleSegmentLabel } from "../../../lib/slug";
import { StoreBreadcrumb } from "./StoreBreadcrumb";
import { StoreOffersSkeleton } from "./StoreOffers";

/** Spec: a skeleton while the store loads (a client navigation). Until the record arrives
 * the title comes from the address, shown as the spec shows title segments. */
export function StorePageSkeleton({ titleParam }: { titleParam: string }) {
  return (
    <main className="container py-4" aria-busy="true">
      <StoreBreadcrumb title={titleSegmentLabel(titleParam)} />
      <div className="placeholder-glow" aria-hidden="true">
        <span className="placeholder d-block w-100 rounded-4 mb-3" style={{ aspectRatio: "3 / 1" }} />
        <span className="placeholder col-6 d-block mb-2" style={{ height: "2rem" }} />
        <span className="placeholder col-8 d-block mb-3" />
        <span className="placeholder col-3 d-block rounded-2 mb-4" style={{ height: "3rem" }} />
      </div>
      <StoreOffersSkeleton />
    </main>
  );
}
