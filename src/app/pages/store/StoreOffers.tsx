import { useRef, useState, type KeyboardEvent } from "react";
import type { ListedOffer } from "../../../data/offers";
import { offerNode } from "../../../lib/offer-structured-data";
import { JsonLd } from "../../components/JsonLd";
import { OfferCard } from "../../components/OfferCard";
import { Pagination } from "../../components/Pagination";
import { useRootData } from "../../root-data";
import type { StoreOffers as StoreOffersData } from "./store-loader";

type Tab = "all" | "coupon" | "deal";

const TAB_LABELS: Record<Tab, string> = { all: "All", coupon: "Coupon", deal: "Deal" };
const TABS = Object.keys(TAB_LABELS) as Tab[];

// Fixed ids (one tab set per page): the panel's aria-labelledby changes after hydration, and
// useId gives the browser other ids than the server's full-document render.
const ID_PREFIX = "store-offers";

/** Spec: offers of type deal are deals, everything else is a coupon. */
export function offerTab(offer: Pick<ListedOffer, "type">): Exclude<Tab, "all"> {
  return offer.type === "deal" ? "deal" : "coupon";
}

/** The tab labels with their counts: 'All (n)', 'Coupon (n)', 'Deal (n)'. */
export function tabLabels({ page, dealTotal }: StoreOffersData): Record<Tab, string> {
  const counts: Record<Tab, number> = { all: page.totalItems, coupon: page.totalItems - dealTotal, deal: dealTotal };
  return Object.fromEntries(TABS.map((tab) => [tab, `${TAB_LABELS[tab]} (${counts[tab]})`])) as Record<Tab, string>;
}

/**
 * Spec: tabs All, Coupon and Deal filter the store's offers in the browser. Every card is
 * rendered once and the tabs hide the others, so a card keeps its open details across
 * tab changes. Tabs follow the ARIA pattern: arrow keys, Home and End move between them.
 */
export function StoreOffers({ offers, hrefFor, storeTitle }: { offers: StoreOffersData; hrefFor: (page: number) => string; storeTitle: string }) {
  const [active, setActive] = useState<Tab>("all");
  const { siteOrigin } = useRootData();
  const tabs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const labels = tabLabels(offers);
  const tabId = (tab: Tab) => `${ID_PREFIX}-tab-${tab}`;
  const panelId = `${ID_PREFIX}-panel`;

  function select(tab: Tab) {
    setActive(tab);
    tabs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + TABS.length, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next % TABS.length];
    if (tab) select(tab);
  }

  return (
    <section aria-labelledby={`${ID_PREFIX}-heading`}>
      <h2 id={`${ID_PREFIX}-heading`} className="h5 mb-3">
        Coupons &amp; Deals
      </h2>
      <div className="nav nav-pills gap-2 mb-3" role="tablist" aria-label="Offer types">
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[tab] = el;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            className={`nav-link border${tab === active ? " active" : ""}`}
            aria-selected={tab === active}
            aria-controls={panelId}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
            onKeyDown={onKeyDown}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(active)}>
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {offers.page.items.map((offer) => (
            <li key={offer.id} hidden={active !== "all" && offerTab(offer) !== active}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
        <Pagination page={offers.page.page} totalPages={offers.page.totalPages} hrefFor={hrefFor} label="Offer pages" />
      </div>
      {/* The list holds live offers only (src/data/live-offers.ts): expired ones get no Offer markup. */}
      <JsonLd nodes={offers.page.items.map((offer) => offerNode(siteOrigin, offer, storeTitle))} />
    </section>
  );
}

export function StoreOffersSkeleton() {
  return (
    <div className="placeholder-glow" aria-hidden="true">
      <span className="placeholder col-3 d-block mb-3" />
      <div className="d-flex gap-2 mb-3">
        {[0, 1, 2].map((i) => (
          <span key={i} className="placeholder rounded-pill" style={{ width: "6rem", height: "2.4rem" }} />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <span key={i} className="placeholder d-block rounded-3 mb-3" style={{ height: "9rem" }} />
      ))}
    </div>
  );
}
