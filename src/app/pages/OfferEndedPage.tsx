import { useLoaderData } from "react-router";
import { isoDay, mediumDate } from "../../lib/dates";
import { storePath } from "../../lib/slug";
import { AppLink } from "../components/AppLink";
import { OfferCard } from "../components/OfferCard";
import { PageMeta } from "../components/PageMeta";
import type { OfferEndedData } from "./goto/offer-ended-loader";

/** The link of an ended offer (/goto, 410), in the site's frame (issue 51): when it ended,
 * and the store's live offers as the cards they are everywhere, code reveal included. */
export function OfferEndedPage() {
  const { endedAt, store, alternatives } = useLoaderData() as OfferEndedData;
  return (
    <main className="container py-5">
      <PageMeta title="This offer has ended" noindex />
      <h1 className="h3">This offer has ended</h1>
      <p>
        This offer ended on <time dateTime={isoDay(endedAt)}>{mediumDate(endedAt)}</time>, so we did not send you on to a code that no longer works.
      </p>
      {store && (
        <section aria-labelledby="ended-alternatives-heading" className="mt-4">
          <h2 id="ended-alternatives-heading" className="h5 mb-3">
            {alternatives.length ? `Live offers at ${store.title}` : `${store.title} has no live offers just now`}
          </h2>
          {alternatives.length > 0 && (
            <ul className="row row-cols-1 row-cols-lg-2 g-3 list-unstyled mb-3">
              {alternatives.map((offer) => (
                <li className="col" key={offer.id}>
                  <OfferCard offer={offer} />
                </li>
              ))}
            </ul>
          )}
          <p>
            <AppLink to={storePath(store)} state={{ storeId: store.id }}>{`All ${store.title} offers`}</AppLink>
          </p>
        </section>
      )}
      <p className="mb-0">
        <AppLink to="/">Go to homepage</AppLink>
      </p>
    </main>
  );
}
