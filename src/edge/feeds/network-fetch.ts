import type { RawPromotion } from "./promotion";

/**
 * Requests to an affiliate network's API, and what a feed format module gives back. A 429
 * or a 5xx (or no answer) is worth trying again later, after the network's Retry-After when
 * it gives one; any other failure (credentials refused, a page that is not the format) ends
 * the run (docs/feeds.md "Running it").
 */

/** What the Worker reads of a network to import it (pb_hooks/feeds.pb.js answers it for a running run). */
export interface FeedSource {
  network: string;
  /** The format read: the network's `feed_kind`, or "csv" for an editor's upload. */
  kind: string;
  /** The network's own `feed_kind` (its sub-id parameter applies to an upload too). */
  networkKind: string;
  account: string;
  /** The API's origin (or for CSV feeds the file's address), without a trailing slash. */
  apiBase: string;
  credentials: string;
  timeZone: string;
  subIdParam: string;
}

/** Where the next page starts: a page number (and the promotions listed before it), or for
 * CSV files a byte offset and the header row. */
export type Cursor = { page: number; seen?: number } | { offset: number; header: string[] };

export interface FeedPage {
  rows: RawPromotion[];
  /** Promotions the page listed but no format field could be read from (the reason each). */
  unreadable: Record<string, number>;
  next: Cursor | null;
}

export interface FeedFormat {
  /** The network's API origin when the network record names none. */
  defaultBase: string;
  /** The tracking link's sub-id parameter the click id goes into. */
  subIdParam: string;
  /** Seconds between two pages' requests, within the network's documented call limit. */
  paceSeconds: number;
  firstCursor: Cursor;
  fetchPage(source: FeedSource, cursor: Cursor): Promise<FeedPage>;
}

/** Longest wait for one answer of a network. */
const NETWORK_TIMEOUT_MS = 30_000;

export class FeedError extends Error {
  constructor(
    message: string,
    /** Whether a later try may succeed (rate limit, server error, no answer). */
    readonly retryable: boolean,
    /** Seconds the network asked to wait (Retry-After), if it said. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A network's answer, ok (or of a status in `expected`); throws FeedError otherwise (its body
 * is never logged: it may echo credentials). */
export async function networkFetch(url: string, init: RequestInit, what: string, expected: readonly number[] = []): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS) });
  } catch (err) {
    throw new FeedError(`${what}: no answer (${err instanceof Error ? err.name : "error"})`, true);
  }
  if (response.ok || expected.includes(response.status)) return response;
  await response.body?.cancel();
  if (response.status === 429 || response.status >= 500) {
    throw new FeedError(`${what}: answered ${response.status}`, true, retryAfterSeconds(response.headers.get("Retry-After")));
  }
  const why = response.status === 401 || response.status === 403 ? " (credentials refused)" : "";
  throw new FeedError(`${what}: answered ${response.status}${why}`, false);
}

/** Base64 of a UTF-8 text (HTTP Basic credentials). */
export function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A value of a parsed document as text: numbers and booleans written out, anything else empty. */
export function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value && typeof value === "object" && "#text" in value) return text((value as { "#text": unknown })["#text"]);
  return "";
}

export function pageOf(cursor: Cursor): { page: number; seen: number } {
  return "page" in cursor ? { page: cursor.page, seen: cursor.seen ?? 0 } : { page: 1, seen: 0 };
}

/** The next page of an API that says how many promotions match in all: after those seen so
 * far and this page's, if any are left (the page size is the network's, whatever was asked). */
export function nextByTotal(page: number, seen: number, listed: number, total: number): Cursor | null {
  return listed > 0 && Number.isFinite(total) && seen + listed < total ? { page: page + 1, seen: seen + listed } : null;
}
