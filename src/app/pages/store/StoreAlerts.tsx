import { consentText, STORE_ALERTS_CONSENT, STORE_ALERTS_FORM } from "../../../lib/newsletter";
import { AppLink } from "../../components/AppLink";
import { SignUpForm } from "../../components/SignUpForm";

/** "Email me new codes for {store}": a store's alerts by email, confirmed by the visitor (docs/email.md). */
export function StoreAlerts({ store }: { store: { id: string; title: string } }) {
  return (
    <section className="card border-0 bg-body-tertiary mt-4" aria-labelledby="store-alerts-heading">
      <div className="card-body">
        <h2 id="store-alerts-heading" className="h5">
          Email me new codes for {store.title}
        </h2>
        <p className="small text-body-secondary">
          {consentText(STORE_ALERTS_CONSENT, store.title)} <AppLink to="/privacy-policy">How we keep your address</AppLink>.
        </p>
        <SignUpForm action={`/stores/${store.id}/alerts`} place={STORE_ALERTS_FORM} consentVersion={STORE_ALERTS_CONSENT} buttonLabel="Email me" />
      </div>
    </section>
  );
}
