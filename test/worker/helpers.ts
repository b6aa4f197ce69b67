import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { createContentClient, type ContentClient } from "../../src/data/client";
import { deleteCopy } from "../../src/edge/cache/cache";
import { newClickId } from "../../src/lib/click-id";
import { contentCacheKey } from "../../src/edge/cache/content-origin";
import type { OutboundEventMessage } from "../../src/edge/events/messages";
import type { Env } from "../../src/env";
import { fragmentText, parsePage, region, textIn } from "./dom";

/** Bindings of the Worker under test, with the test-only ones from vitest.worker.config.ts. */
export const testEnv = env as unknown as Env & { TEST_CONTROL_URL: string; TEST_PB_EMAIL: string; TEST_PB_PASSWORD: string };

const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

/** The Worker's fetch, for clients (like the content SDK) that build their own requests. */
export const workerFetch = ((input: RequestInfo | URL, init?: RequestInit) => worker.fetch(new Request(input, init))) as typeof fetch;

/** Headers of the operator's requests (CACHE_PURGE_SECRET as bearer token): the purge
 * endpoint, and pages and reads with their internal headers (docs/decisions/039). */
export const OPERATOR = { Authorization: `Bearer ${testEnv.CACHE_PURGE_SECRET}` };

/** A request to the Worker, as a visitor would send it. */
export function visit(path: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), init));
}

/**
 * Drops the edge cache's copies of the reads `read` makes, the stored ones and those this
 * isolate holds, as a purge does: the next render of a page making them must ask PocketBase.
 */
export async function evictReads(read: (pb: ContentClient) => Promise<unknown>): Promise<void> {
  const urls: string[] = [];
  const pb = createContentClient({
    baseUrl: testEnv.POCKETBASE_URL,
    fetch: (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  await read(pb);
  for (const url of urls) await deleteCopy(caches.default, contentCacheKey(testEnv.SITE_ORIGIN, new URL(url)));
}

/** Reads PocketBase directly (through the test proxy, bypassing the Worker) for expected values. */
export async function pocketbase<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, testEnv.POCKETBASE_URL));
  if (!response.ok) throw new Error(`PocketBase ${path}: ${response.status}`);
  return (await response.json()) as T;
}

export async function originRequests(containing: string): Promise<number> {
  const response = await fetch(`${testEnv.TEST_CONTROL_URL}/__test/count?contains=${encodeURIComponent(containing)}`);
  return ((await response.json()) as { count: number }).count;
}

export async function setPocketBase(state: "stop" | "start"): Promise<void> {
  const response = await fetch(`${testEnv.TEST_CONTROL_URL}/__test/pocketbase/${state}`, { method: "POST" });
  if (!response.ok) throw new Error(`could not ${state} PocketBase: ${await response.text()}`);
}

/** A query value no other request uses, so a test starts from an empty cache entry. */
export function uniqueFilter(): { filter: string; token: string } {
  const token = `t${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  return { filter: `id != "${token}"`, token };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Text as it appears in React's HTML output. */
export function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Makes PocketBase reads whose URL contains `needle` wait `ms` (0 clears it). */
export async function delayOrigin(needle: string, ms: number): Promise<void> {
  await fetch(`${testEnv.TEST_CONTROL_URL}/__test/delay?contains=${encodeURIComponent(needle)}&ms=${ms}`, { method: "POST" });
}

/** A token of the test superuser (PocketBase's admin session, as an editor has it). */
export async function superuserToken(): Promise<string> {
  const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
  });
  return ((await auth.json()) as { token: string }).token;
}

/** Collections whose new records start as drafts (pb_hooks/content.pb.js). */
const DRAFT_FIRST = new Set(["_zdata_offers", "_zdata_stores", "_zdata_comparisons", "_zdata_advertorials"]);

/** Writes test records straight into PocketBase as the test superuser; `cleanup()` deletes
 * everything created, newest first. Records of collections that start as drafts are created
 * published unless the record gives its own status: tests make the content visitors see. */
export async function pocketbaseWriter() {
  const token = await superuserToken();
  const headers = { "Content-Type": "application/json", Authorization: token };
  const created: string[] = [];
  return {
    async create<T extends { id: string }>(collection: string, record: Record<string, unknown>): Promise<T> {
      const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/records`, {
        method: "POST",
        headers,
        body: JSON.stringify(DRAFT_FIRST.has(collection) ? { status: "published", ...record } : record),
      });
      if (!response.ok) throw new Error(`create ${collection}: ${response.status} ${await response.text()}`);
      const saved = (await response.json()) as T;
      created.push(`${collection}/records/${saved.id}`);
      return saved;
    },
    async cleanup(): Promise<void> {
      for (const path of created.reverse()) await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${path}`, { method: "DELETE", headers });
    },
  };
}

/** Text of an HTML fragment as a reader sees it, parsed (test/worker/dom.ts): each element's
 * boundary read as `tagsAs`, comments (React's text separators) dropped, spaces collapsed. */
export function textOf(html: string, tagsAs = " "): string {
  return fragmentText(html, tagsAs);
}

/** The live rule, stated by the tests themselves (not imported from src/data), as a
 * PocketBase filter clause and as a check of one record against the clock. */
export const LIVE = '((starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now))';
export function isLiveNow(offer: { starts_at?: string; expires_at?: string }, now = Date.now()): boolean {
  const at = (value: string) => Date.parse(value.replace(" ", "T"));
  return (!offer.starts_at || at(offer.starts_at) <= now) && (!offer.expires_at || at(offer.expires_at) > now);
}

/**
 * The search page's results as read, in order: each an article headed by its title (the
 * link), the kind label above the heading (without its Sponsored badge), and for an offer the
 * store it is at ('at …', with its logo).
 */
export function searchListing(html: string) {
  const list = region(parsePage(html), "Results");
  return [...(list?.querySelectorAll("article") ?? [])].map((item) => {
    const heading = item.querySelector("h2");
    const link = heading?.querySelector("a[href]");
    const at = [...item.querySelectorAll("p")].find((p) => textIn(p).startsWith("at "));
    return {
      kind: textIn(heading?.previousElementSibling).replace(/\s*Sponsored$/, ""),
      href: link?.getAttribute("href") ?? "",
      title: textIn(link),
      store: at ? { title: textIn(at).slice("at ".length), logo: at.querySelector("img")?.getAttribute("src") ?? "" } : null,
    };
  });
}

/** The search page's results: kind label, link and title of each, in order. */
export function searchResults(html: string): { kind: string; href: string; title: string }[] {
  return searchListing(html).map(({ kind, href, title }) => ({ kind, href, title }));
}

/** The site's own origin in tests: browsers send it as Origin with a form's post. */
export const SITE = "http://127.0.0.1:8787";

/** A form posted from one of the site's pages, as a browser sends it (Origin, a client of its own). */
export function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return visit(path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, "CF-Connecting-IP": crypto.randomUUID(), ...headers },
    body: new URLSearchParams(form),
  });
}

/** The session cookie a sign-in response sets, as the browser sends it back (`dp_admin=…`); undefined when none. */
export function sessionCookieOf(response: Response): string | undefined {
  const started = response.headers.getSetCookie().find((cookie) => /^dp_admin=[^;]+;/.test(cookie));
  return started?.split(";")[0];
}

/** Signs in on the site (/admin/sign-in) and returns the session cookie; fails the test if it cannot. */
export async function signInOnSite(email: string, password: string, next = ""): Promise<string> {
  const response = await postForm("/admin/sign-in", { email, password, next });
  const cookie = sessionCookieOf(response);
  if (response.status !== 303 || !cookie) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return cookie;
}

/** A verified account of `collection` (marketers, editors) made by the writer; its credentials. */
export async function siteAccount(writer: Awaited<ReturnType<typeof pocketbaseWriter>>, collection: "marketers" | "editors", verified = true) {
  const account = { email: `${collection}-${crypto.randomUUID().slice(0, 8)}@accounts.test`, password: `${collection}-test-password` };
  const record = await writer.create<{ id: string }>(collection, { ...account, passwordConfirm: account.password, name: `Test ${collection}`, verified });
  return { ...account, id: record.id };
}

/** A PocketBase token of a site account (marketers, editors), as it signs in through PocketBase's API; fails the test if it cannot. */
export async function accountToken(collection: "marketers" | "editors", account: { email: string; password: string }): Promise<string> {
  const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: account.email, password: account.password }),
  });
  if (!auth.ok) throw new Error(`PocketBase sign-in of ${account.email}: ${auth.status} ${await auth.text()}`);
  return ((await auth.json()) as { token: string }).token;
}

/** What the tests' SMTP server caught for `address` (test/support/mail-catcher.mjs), oldest first. */
export async function mailTo(address: string): Promise<Array<{ to: string[]; subject: string; text: string; html: string; headers: Record<string, string> }>> {
  const response = await fetch(`${testEnv.TEST_CONTROL_URL}/__test/mail?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mail for ${address}: ${response.status}`);
  return response.json();
}

/** An outbound event's queue message as the producer sends it (src/edge/events/outbound-events.ts), a click of its own, for handing batches to queue() directly. */
export function eventMessage(overrides: Partial<OutboundEventMessage> = {}): OutboundEventMessage {
  return {
    click_id: newClickId(),
    kind: "click",
    url: "https://partner.example/x",
    target_host: "partner.example",
    offer: "",
    store: "",
    product: "",
    referrer_path: "",
    utm_source: "",
    utm_medium: "",
    utm_campaign: "",
    utm_term: "",
    utm_content: "",
    gclid: "",
    utm_g: "",
    fbclid: "",
    utm_id: "",
    country: "",
    device: "desktop",
    event_time: new Date().toISOString(),
    short_link: "",
    automated: false,
    counted: false,
    count_key: "",
    ...overrides,
  };
}

/**
 * Resolves once the events queue has delivered, and the consumer handled, every message sent
 * before the call: a marker event sent now is stored (the local queue delivers in order), so
 * whatever a test sent earlier has met the consumer by then. "Nothing was stored" is asserted
 * after this, never after a fixed wait.
 */
export async function queueDrained(timeoutMs = 20_000): Promise<void> {
  const clickId = newClickId();
  const marker = {
    click_id: clickId,
    kind: "reveal",
    url: "https://queue-drained.test/",
    target_host: "",
    referrer_path: "/__test/queue-drained",
    counted: false,
    event_time: new Date().toISOString(),
  };
  await (testEnv.EVENTS as Queue<unknown>).send(marker, { contentType: "json" });
  const deadline = Date.now() + timeoutMs;
  const token = await superuserToken();
  while (Date.now() < deadline) {
    const query = new URLSearchParams({ filter: `click_id = "${clickId}"`, fields: "id", skipTotal: "1" });
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?${query}`, { headers: { Authorization: token } });
    if (response.ok && ((await response.json()) as { items: unknown[] }).items.length > 0) return;
    await sleep(100);
  }
  throw new Error(`the events queue did not drain within ${timeoutMs} ms`);
}

/** A page's side-by-side table (issue 53) as a reader meets it: its column headers, and per
 * row the row header's text and link and each cell's text. Null when the page has none. */
export function comparisonTableOf(html: string): { columns: string[]; rows: { name: string; href: string; cells: string[] }[] } | null {
  const table = html.match(/<table class="table table-sm mb-0 comparison-table">([\s\S]*?)<\/table>/)?.[1];
  if (!table) return null;
  const head = table.match(/<thead>([\s\S]*?)<\/thead>/)?.[1] ?? "";
  const columns = [...head.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!));
  const body = table.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? "";
  const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => {
    const header = m[1]!.match(/<th scope="row">([\s\S]*?)<\/th>/)?.[1] ?? "";
    return {
      name: textOf(header),
      href: header.match(/href="([^"]+)"/)?.[1] ?? "",
      cells: [...m[1]!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!)),
    };
  });
  return { columns, rows };
}
