import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import {
  isNewsletterSuccess,
  NEWSLETTER_ANCHOR,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PARAM,
  parseNewsletterStatus,
  returnPathOf,
  type NewsletterStatus,
} from "../../lib/newsletter";

const INPUT_ID = "newsletter-email";
const MESSAGE_ID = "newsletter-message";

/**
 * Spec Footer: the newsletter form. Without JavaScript it is a plain form post to the
 * Worker, which redirects back with `?newsletter=<status>#newsletter` and the message is
 * rendered from the URL. With JavaScript the same rule is checked first (src/lib/email),
 * then the address is sent with fetch and the answer shown in place; that code loads on the
 * first submit (send-newsletter.ts). Native validation is off (`noValidate`), so the
 * message region is the one place errors appear.
 */
export function NewsletterForm() {
  const location = useLocation();
  const fromUrl = parseNewsletterStatus(new URLSearchParams(location.search).get(NEWSLETTER_PARAM));
  const [result, setResult] = useState<NewsletterStatus | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

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
    const outcome = await import("./send-newsletter").then(
      ({ subscribe }) => subscribe(email, returnTo),
      // The sending code itself could not be loaded (offline, or a deploy replaced it).
      (): NewsletterStatus => "unavailable",
    );
    setSending(false);
    setResult(outcome);
    if (isNewsletterSuccess(outcome) && inputRef.current) inputRef.current.value = "";
    if (outcome === "invalid") inputRef.current?.focus();
  }

  return (
    <form id={NEWSLETTER_ANCHOR} method="post" action="/newsletter" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <label htmlFor={INPUT_ID} className="visually-hidden">
        Email address
      </label>
      <input type="hidden" name="return_to" value={returnTo} />
      <div className="input-group">
        <input
          ref={inputRef}
          id={INPUT_ID}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          type="email"
          name="email"
          placeholder="Your email"
          autoComplete="email"
          required
          aria-invalid={invalid || undefined}
          aria-describedby={MESSAGE_ID}
        />
        <button className="btn btn-primary" type="submit" disabled={sending}>
          {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Subscribe
        </button>
      </div>
      <div
        id={MESSAGE_ID}
        role="status"
        aria-live="polite"
        className={`small mt-2${status ? (isNewsletterSuccess(status) ? " text-success-emphasis" : " text-danger-emphasis") : ""}`}
      >
        {status ? NEWSLETTER_MESSAGES[status] : null}
      </div>
    </form>
  );
}
