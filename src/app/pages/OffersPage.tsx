import { useLoaderData } from "react-router";
import type { OfferType } from "../../data/types";
import { CategoryFilter, CategoryFilterSkeleton } from "../components/CategoryFilter";
import { Deferred } from "../components/Deferred";
import { FilterSidebar } from "../components/FilterSidebar";
import { OfferCard } from "../components/OfferCard";
import { PageMeta } from "../components/PageMeta";
import { Pagination } from "../components/Pagination";
import { listHref, noOffersMessage } from "./store/filter-params";
import type { OffersLoaderData } from "./store/offers-loader";
import { AppLink } from "../components/AppLink";
import { countryPageHref } from "../../lib/country-page";
import { CountryNote } from "../components/CountryNote";

const TYPE_NAMES: Record<OfferType | "all", string> = { all: "Coupons & Deals", coupon: "Coupons", deal: "Deals" };
const TYPE_FILTERS: { type: OfferType | null; label: string }[] = [
  { type: null, label: "All" },
  { type: "coupon", label: "Coupons" },
  { type: "deal", label: "Deals" },
];

const typeParam = (type: OfferType | null): Record<string, string> => (type ? { type } : {});

/** The Offers list (/offers): every current offer across stores, the same card as everywhere. */
export function OffersPage() {
  const { offers, type, categoryIds, selected, categories } = useLoaderData() as OffersLoaderData;
  const what = TYPE_NAMES[type ?? "all"];
  const title = selected.length ? `${selected.map((c) => c.title).join(", ")} ${what}` : `All ${what}`;
  const href = (page: number, filterType = type) => listHref("/offers", { categoryIds, page, extra: typeParam(filterType) });
  return (
    <main className="container py-4">
      <PageMeta
        title={title}
        description={`${title}: verified coupon codes and deals from every store we follow, featured offers first.`}
        keywords={`${what.toLowerCase()}, coupon codes, promo codes, discounts, deals`}
        canonicalSearch={listHref("", { categoryIds, page: offers.page, extra: typeParam(type) })}
      />
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-body-secondary">
        Featured offers first, then the newest. <AppLink to={countryPageHref(href(offers.page))}>Offers for your country</AppLink>
      </p>
      <CountryNote />
      <div className="row g-4">
        {/* Before the list: on phones the Filters button comes first, not after every card. */}
        <aside className="col-lg-3">
          <FilterSidebar active={categoryIds.length}>
            <Deferred resolve={categories} fallback={<CategoryFilterSkeleton />}>
              {(list) => (
                <CategoryFilter categories={list} selected={categoryIds} action="/offers" label="Offer categories" showCounts={false} keep={typeParam(type)} />
              )}
            </Deferred>
          </FilterSidebar>
        </aside>
        <div className="col-lg-9">
          <nav aria-label="Offer type">
            <ul className="nav nav-pills gap-2 mb-3">
              {TYPE_FILTERS.map((filter) => (
                <li className="nav-item" key={filter.label}>
                  <AppLink className="nav-link border" to={href(1, filter.type)} current={filter.type === type}>
                    {filter.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          {offers.items.length ? (
            <ul className="row row-cols-1 row-cols-xl-2 g-3 list-unstyled">
              {offers.items.map((offer) => (
                <li className="col" key={offer.id}>
                  <OfferCard offer={offer} headingLevel={2} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="lead">{noOffersMessage(selected)}</p>
          )}
          <Pagination page={offers.page} totalPages={offers.totalPages} hrefFor={(page) => href(page)} label="Offer pages" />
        </div>
      </div>
    </main>
  );
}
