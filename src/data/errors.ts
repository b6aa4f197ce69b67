import { ClientResponseError } from "pocketbase";

/** How a failed content read should surface: the record is missing, the request was
 * malformed, or the content service could not answer. */
export type ContentFailure = "not-found" | "bad-request" | "unavailable";

export function classifyContentError(err: unknown): ContentFailure | undefined {
  if (!(err instanceof ClientResponseError)) return undefined;
  if (err.status === 404) return "not-found";
  if (err.status === 400) return "bad-request";
  return "unavailable";
}
