/** Outcomes of a newsletter sign-up, shared by the Worker (POST /newsletter) and the form. */
import { TRACKING_KEYS } from "./tracking";

export const NEWSLETTER_STATUSES = ["subscribed", "already", "invalid", "limited", "unavailable"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NEWSLETTER_MESSAGES: Record<NewsletterStatus, string> = {
  subscribed: "Thanks! You are subscribed to our deals newsletter.",
  already: "You are already subscribed. No need to sign up twice.",
  invalid: "Please enter a valid email address, like name@example.com.",
  limited: "Too many attempts. Please wait a minute and try again.",
  unavailable: "We could not save your subscription just now. Please try again in a moment.",
};

/** Query parameter carrying the outcome after a form post without JavaScript. */
export const NEWSLETTER_PARAM = "newsletter";
/** Fragment (and form id) the no-JavaScript redirect scrolls to. */
export const NEWSLETTER_ANCHOR = "newsletter";

/** Outcomes that leave the visitor subscribed (shown as success). */
export function isNewsletterSuccess(status: NewsletterStatus): boolean {
  return status === "subscribed" || status === "already";
}

export function parseNewsletterStatus(value: string | null | undefined): NewsletterStatus | null {
  return (NEWSLETTER_STATUSES as readonly string[]).includes(value ?? "") ? (value as NewsletterStatus) : null;
}

/** The page's path and query without a previous outcome or tracking parameters: the form's `return_to`. */
export function returnPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [NEWSLETTER_PARAM, ...TRACKING_KEYS]) params.delete(name);
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
export function newsletterRedirect(returnTo: unknown, status: NewsletterStatus): string {
  const url = new URL(safeReturnPath(returnTo), PLACEHOLDER_ORIGIN);
  url.searchParams.set(NEWSLETTER_PARAM, status);
  return `${url.pathname}${url.search}#${NEWSLETTER_ANCHOR}`;
}
