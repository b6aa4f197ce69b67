import { data } from "react-router";
import { classifyContentError } from "../data/errors";

export const NOT_FOUND_STATUS = 404;

/** Thrown by loaders for input they cannot serve; the route error screen shows it. */
export function badRequest(message: string): never {
  throw data({ message }, { status: 400, statusText: "Bad Request" });
}

/**
 * The one rule of every paged list (stores, offers, article lists, search, a store's
 * offers): page 1 always exists, empty or not (it shows the list's empty state); a page
 * past the last is the not-found page with a 404, so no link or crawler lands on an
 * empty page that pretends to be one.
 */
export function requirePageInRange(page: number, itemsOnPage: number): void {
  if (page > 1 && itemsOnPage === 0) notFound();
}

export function notFound(): never {
  throw data({ message: "Page not found" }, { status: NOT_FOUND_STATUS, statusText: "Not Found" });
}

/** Turns a failed content read into the HTTP answer a visitor and a crawler should get:
 * 404 for a missing record, 503 (retryable) when the content service cannot answer. */
export function rethrowContentError(err: unknown): never {
  const failure = classifyContentError(err);
  if (failure === "not-found") notFound();
  if (failure === "bad-request") badRequest("The request could not be understood.");
  if (failure === "unavailable") {
    console.error("content read failed", err);
    throw data({ message: "Content temporarily unavailable" }, { status: 503, statusText: "Service Unavailable" });
  }
  throw err;
}
