import { type BuilderChoices, type FormErrors, LINK_VALUES, type LinkFormValues, VALUE_LABELS } from "../lib/short-links";

/** A field's error under it, tied to it for screen readers. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

const invalid = (message?: string) => (message ? " is-invalid" : "");

/**
 * The builder's form (docs/links.md): where the link leads (a page of this site, or an
 * offer's partner link), its slug (a new link's only: it never changes), the five campaign
 * values with the ones in use suggested, paused and an end. A plain form: it works without
 * JavaScript; PocketBase's checks come back as messages under their fields.
 */
export function LinkForm({
  action,
  isNew,
  values,
  errors,
  choices,
}: {
  action: string;
  isNew: boolean;
  values: LinkFormValues;
  errors: FormErrors;
  choices: BuilderChoices;
}) {
  const destinationError = errors.destination;
  return (
    <form method="post" action={action} className="vstack gap-3" aria-label={isNew ? "New short link" : "Change this link"}>
      {errors[""] && (
        <div className="alert alert-danger mb-0" role="alert">
          {errors[""]}
        </div>
      )}
      <fieldset>
        <legend className="form-label fs-6">Leads to</legend>
        <div className="form-check">
          <input className="form-check-input" type="radio" name="target" id="target-page" value="page" defaultChecked={values.target === "page"} />
          <label className="form-check-label" htmlFor="target-page">
            A page of this site
          </label>
        </div>
        <label htmlFor="path" className="visually-hidden">
          Page address
        </label>
        <input
          id="path"
          name="path"
          type="text"
          list="link-pages"
          className={`form-control ms-md-4 mb-2 w-auto mw-100${invalid(values.target === "page" ? destinationError : undefined)}`}
          size={48}
          placeholder="/stores/… or the page's full address"
          defaultValue={values.path}
          aria-describedby={values.target === "page" && destinationError ? "path-error" : undefined}
        />
        {values.target === "page" && <FieldError id="path" message={destinationError} />}
        <datalist id="link-pages">
          {choices.pages.map((page) => (
            <option key={page.path} value={page.path} label={page.label} />
          ))}
        </datalist>
        <div className="form-check">
          <input className="form-check-input" type="radio" name="target" id="target-offer" value="offer" defaultChecked={values.target === "offer"} />
          <label className="form-check-label" htmlFor="target-offer">
            An offer's partner link (through /goto)
          </label>
        </div>
        <label htmlFor="offer" className="visually-hidden">
          Offer
        </label>
        <select
          id="offer"
          name="offer"
          className={`form-select ms-md-4 w-auto mw-100${invalid(errors.offer ?? (values.target === "offer" ? destinationError : undefined))}`}
          defaultValue={values.offer}
          aria-describedby={errors.offer || (values.target === "offer" && destinationError) ? "offer-error" : undefined}
        >
          <option value="">Choose a live offer…</option>
          {values.offer && !choices.offers.some((offer) => offer.id === values.offer) && <option value={values.offer}>{values.offer} (not live)</option>}
          {choices.offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.label}
            </option>
          ))}
        </select>
        <FieldError id="offer" message={errors.offer ?? (values.target === "offer" ? destinationError : undefined)} />
      </fieldset>
      {isNew && (
        <div>
          <label htmlFor="slug" className="form-label">
            Slug <span className="text-body-secondary">(optional: a random one otherwise; it never changes)</span>
          </label>
          <div className="input-group w-auto mw-100">
            <span className="input-group-text">/l/</span>
            <input
              id="slug"
              name="slug"
              type="text"
              className={`form-control${invalid(errors.slug)}`}
              maxLength={50}
              defaultValue={values.slug}
              aria-describedby={errors.slug ? "slug-error" : undefined}
            />
          </div>
          <FieldError id="slug" message={errors.slug} />
        </div>
      )}
      <div className="row g-3">
        {LINK_VALUES.map((name) => (
          <div key={name} className="col-12 col-sm-6 col-lg-4">
            <label htmlFor={name} className="form-label">
              {VALUE_LABELS[name]} <span className="text-body-secondary">({name})</span>
            </label>
            <input
              id={name}
              name={name}
              type="text"
              list={`${name}-in-use`}
              maxLength={200}
              className={`form-control${invalid(errors[name])}`}
              defaultValue={values[name]}
              aria-describedby={errors[name] ? `${name}-error` : undefined}
            />
            <datalist id={`${name}-in-use`}>
              {choices.suggestions[name].map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
            <FieldError id={name} message={errors[name]} />
          </div>
        ))}
      </div>
      <div className="row g-3 align-items-end">
        <div className="col-12 col-sm-6 col-lg-4">
          <label htmlFor="expires" className="form-label">
            Ends (UTC, optional)
          </label>
          <input
            id="expires"
            name="expires"
            type="datetime-local"
            className={`form-control${invalid(errors.expires_at)}`}
            defaultValue={values.expires}
            aria-describedby={errors.expires_at ? "expires-error" : undefined}
          />
          <FieldError id="expires" message={errors.expires_at} />
        </div>
        <div className="col-12 col-sm-6 col-lg-4">
          <div className="form-check">
            <input className="form-check-input" type="checkbox" name="paused" id="paused" defaultChecked={values.paused} />
            <label className="form-check-label" htmlFor="paused">
              Paused (visitors get a "not active" page)
            </label>
          </div>
        </div>
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {isNew ? "Create link" : "Save changes"}
        </button>
      </div>
    </form>
  );
}
