import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { isSignUpSuccess, parseSignUpStatus, returnPathOf, SIGN_UP_MESSAGES, type SignUpForm as FormPlace, type SignUpStatus } from "../../lib/newsletter";

interface SignUpFormProps {
  /** Where the form posts (POST /newsletter, POST /stores/{id}/alerts). */
  action: string;
  /** Its anchor and outcome parameter (src/lib/newsletter.ts). */
  place: FormPlace;
  /** The consent wording's version the form shows (stored with the sign-up). */
  consentVersion: string;
  buttonLabel: string;
}

/**
 * An email sign-up form: the footer's digest and a store's alerts (docs/email.md). Without
 * JavaScript it is a plain form post to the Worker, which redirects back with
 * `?<param>=<status>#<anchor>` and the message is rendered from the URL. With JavaScript the
 * address is checked by the Worker's own rule first (src/lib/email), then sent with fetch and
 * the answer shown in place; that code loads on the first submit (send-sign-up.ts). Native
 * validation is off (`noValidate`), so the message region is the one place errors appear.
 */
export function SignUpForm({ action, place, consentVersion, buttonLabel }: SignUpFormProps) {
  const location = useLocation();
  const fromUrl = parseSignUpStatus(new URLSearchParams(location.search).get(place.param));
  const [result, setResult] = useState<SignUpStatus | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${place.anchor}-email`;
  const messageId = `${place.anchor}-message`;

  // A new page shows the outcome its own URL carries, not the previous page's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the trigger, read by no code in the effect: each new page clears the previous page's result after its commit
  useEffect(() => setResult(null), [location.pathname, location.search]);

  const status = result ?? fromUrl;
  const invalid = status === "invalid";
  const returnTo = returnPathOf(location.pathname, location.search);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const email = inputRef.current?.value ?? "";
    setSending(true);
    const outcome = await import("./send-sign-up").then(
      ({ signUp }) => signUp(action, { email, return_to: returnTo, consent: consentVersion }),
      // The sending code itself could not be loaded (offline, or a deploy replaced it).
      (): SignUpStatus => "unavailable",
    );
    setSending(false);
    setResult(outcome);
    if (isSignUpSuccess(outcome) && inputRef.current) inputRef.current.value = "";
    if (outcome === "invalid") inputRef.current?.focus();
  }

  return (
    <form id={place.anchor} method="post" action={action} noValidate onSubmit={onSubmit} aria-busy={sending}>
      <label htmlFor={inputId} className="visually-hidden">
        Email address
      </label>
      <input type="hidden" name="return_to" value={returnTo} />
      <input type="hidden" name="consent" value={consentVersion} />
      <div className="input-group">
        <input
          ref={inputRef}
          id={inputId}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          type="email"
          name="email"
          placeholder="Your email"
          autoComplete="email"
          required
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
        />
        <button className="btn btn-primary" type="submit" disabled={sending}>
          {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {buttonLabel}
        </button>
      </div>
      <div
        id={messageId}
        role="status"
        aria-live="polite"
        className={`small mt-2${status ? (isSignUpSuccess(status) ? " text-success-emphasis" : " text-danger-emphasis") : ""}`}
      >
        {status ? SIGN_UP_MESSAGES[status] : null}
      </div>
    </form>
  );
}
