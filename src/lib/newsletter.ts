/** Outcomes of a sign-up (the footer's digest, a store's alerts), shared by the Worker
 * (POST /newsletter, POST /stores/{id}/alerts) and the forms. Whether the address was new,
 * waiting for its confirmation or already confirmed, the answer is the same "sent": nobody
 * learns from it whether someone else's address is on our list (docs/email.md). */
import { TRACKING_KEYS } from "./tracking";

export const SIGN_UP_STATUSES = ["sent", "invalid", "limited", "unavailable"] as const;
export type SignUpStatus = (typeof SIGN_UP_STATUSES)[number];

export const SIGN_UP_MESSAGES: Record<SignUpStatus, string> = {
  sent: "Almost done: open the email we sent you and confirm. Nothing is sent until you do.",
  invalid: "Please enter a valid email address, like name@example.com.",
  limited: "Too many attempts. Please wait a minute and try again.",
  unavailable: "We could not save your sign-up just now. Please try again in a moment.",
};

/** A sign-up form's place on the page: the query parameter carrying its outcome after a post
 * without JavaScript, and the fragment (and form id) the redirect scrolls to. */
export interface SignUpForm {
  param: string;
  anchor: string;
}
export const NEWSLETTER_FORM: SignUpForm = { param: "newsletter", anchor: "newsletter" };
export const STORE_ALERTS_FORM: SignUpForm = { param: "alerts", anchor: "store-alerts" };

/**
 * What each form says it will send, by version: the version a form shows goes with its post
 * and is stored as the consent's wording (pb_migrations/1767227300_subscribers.js). Append a
 * new version when the words change, and keep the old ones: records point at them.
 */
export const CONSENT_WORDING = {
  "2025-08-footer": "Subscribe (the footer's newsletter form before confirmed sign-ups).",
  "2026-11-digest": "The week's best new deals by email. We ask you to confirm first; unsubscribe in one click from any email.",
  "2026-11-store-alerts":
    "Email me new codes for {store}: at most one email every 4 hours, only when something is new. We ask you to confirm first; unsubscribe in one click from any email.",
} as const;
export type ConsentVersion = keyof typeof CONSENT_WORDING;
export const DIGEST_CONSENT: ConsentVersion = "2026-11-digest";
export const STORE_ALERTS_CONSENT: ConsentVersion = "2026-11-store-alerts";

/** The version a form posted, when it is one we showed; else `fallback` (the current one). */
export function consentVersion(value: unknown, fallback: ConsentVersion): ConsentVersion {
  return typeof value === "string" && Object.hasOwn(CONSENT_WORDING, value) ? (value as ConsentVersion) : fallback;
}

/** The consent wording as shown, for a store. */
export function consentText(version: ConsentVersion, store = ""): string {
  return CONSENT_WORDING[version].replace("{store}", store);
}

/** Outcomes that leave the visitor on their way (shown as success). */
export function isSignUpSuccess(status: SignUpStatus): boolean {
  return status === "sent";
}

export function parseSignUpStatus(value: string | null | undefined): SignUpStatus | null {
  return (SIGN_UP_STATUSES as readonly string[]).includes(value ?? "") ? (value as SignUpStatus) : null;
}

/** The page's path and query without a previous outcome or tracking parameters: the form's `return_to`. */
export function returnPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [NEWSLETTER_FORM.param, STORE_ALERTS_FORM.param, ...TRACKING_KEYS]) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

const PLACEHOLDER_ORIGIN = "http://return.invalid";

/**
 * A same-site path to send the visitor back to, from an untrusted `return_to` value:
 * only an absolute path (one leading '/', no '//' or backslash, no scheme, no control
 * characters such as CR/LF). Anything else becomes '/'. Never an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a return path with a control character is refused, on purpose
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  // Whatever the parser made of it, it must still be a path on our own site.
  if (url.origin !== PLACEHOLDER_ORIGIN || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}`;
}

/** Where the no-JavaScript form post lands: the return path with the outcome and the form's anchor. */
export function signUpRedirect(returnTo: unknown, status: SignUpStatus, form: SignUpForm): string {
  const url = new URL(safeReturnPath(returnTo), PLACEHOLDER_ORIGIN);
  url.searchParams.set(form.param, status);
  return `${url.pathname}${url.search}#${form.anchor}`;
}
