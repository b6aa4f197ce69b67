import { PageMeta } from "../../components/PageMeta";
import { EMPTY_LIST_MESSAGE } from "../articles/empty-list";
import { AppLink } from "../../components/AppLink";

/** Spec: shown when there is no advertorial to show (a store nobody has reviewed yet). */
export function AdvertorialFallback() {
  return (
    <div className="text-center py-5">
      <PageMeta title="No review yet" noindex />
      <h1 className="h3">No review yet</h1>
      <p className="lead text-body-secondary">{`${EMPTY_LIST_MESSAGE}.`}</p>
      <AppLink className="btn btn-primary" to="/advertorials">
        See all advertorials
      </AppLink>
    </div>
  );
}
