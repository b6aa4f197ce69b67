import { useId } from "react";
import { useLoaderData } from "react-router";
import { storeLogoUrl } from "../../data/offer-store";
import { countryPageHref } from "../../lib/country-page";
import { storePath } from "../../lib/slug";
import { AppLink } from "../components/AppLink";
import { CopyButton } from "../components/CopyButton";
import { OfferFeedback } from "../components/OfferFeedback";
import { OfferMeta } from "../components/OfferMeta";
import { OutboundLink } from "../components/OutboundLink";
import { PageMeta } from "../components/PageMeta";
import { StoreMark } from "../components/StoreMark";
import type { CodeLoaderData } from "./coupon/code-loader";

/**
 * A coupon's code on a page of its own (issue 51: "Get Code" did nothing without
 * JavaScript): the code, selectable (and with a copy button where scripts run), the way on
 * to the partner through /goto, and "Did this code work?". Kept out of search engines.
 */
export function CouponCodePage() {
  const { offer, elsewhere } = useLoaderData() as CodeLoaderData;
  const store = offer.expand?.store;
  const fieldId = useId();
  if (!store) return null;
  const back = storePath(store);
  return (
    <main className="container py-5 coupon-code-page">
      <PageMeta title={`Coupon code: ${offer.heading}`} noindex />
      <p className="small mb-2">
        <AppLink to={back} state={{ storeId: store.id }}>
          <StoreMark title={store.title} logoUrl={storeLogoUrl(store)} />
        </AppLink>
      </p>
      <h1 className="h3 mb-1">{offer.heading}</h1>
      {offer.subheading && <p className="text-body-secondary">{offer.subheading}</p>}
      <OfferMeta offer={offer} />
      {elsewhere ? (
        <p className="mt-4">
          {`This coupon is valid in ${elsewhere.offeredIn.join(", ")} only${elsewhere.country ? `, not in ${elsewhere.country}` : ""}. `}
          <a href={countryPageHref(`/offers/${offer.id}/code`)}>Choose another country</a>
        </p>
      ) : (
        <>
          <label htmlFor={fieldId} className="form-label mt-4 fw-semibold">
            Your coupon code
          </label>
          <div className="input-group input-group-lg coupon-code-field">
            <input id={fieldId} className="form-control text-center font-monospace fw-bold" value={offer.coupon_code} readOnly />
            <span className="js-only d-flex">
              <CopyButton text={offer.coupon_code ?? ""} label="Copy code" className="btn btn-primary rounded-start-0" />
            </span>
          </div>
          <p className="small text-body-secondary mt-2">Copy the code, then enter it at checkout on the partner&rsquo;s site.</p>
          {offer.cta_url && (
            <OutboundLink to={offer.cta_url} className="btn btn-primary btn-lg">
              {`Go to ${store.title}`}
            </OutboundLink>
          )}
          <OfferFeedback offerId={offer.id} what="code" />
        </>
      )}
      <p className="mt-4 mb-0">
        <AppLink to={back} state={{ storeId: store.id }}>{`All ${store.title} offers`}</AppLink>
      </p>
    </main>
  );
}
