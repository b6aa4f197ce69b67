import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import app from "../../src/worker";
import { headings, parsePage } from "./dom";
import { htmlText, OPERATOR, pocketbaseWriter, signInOnSite, siteAccount, testEnv, visit } from "./helpers";

/**
 * Issue 35, "Preview": an editor signed in on the site sees drafts on their real pages,
 * marked, never cached, never indexed; nobody else sees them, and the caches the preview
 * passes by keep nothing of it (src/edge/admin/preview.ts).
 */
const NOTICE = "Preview — not published";
const marker = `Previewed ${crypto.randomUUID().slice(0, 8)}`;
/** Every cache on, with freshness far longer than the tests (as in publishing.test.ts). */
const CACHED_ENV = { ...testEnv, CACHE_FRESH_S: "3600", CACHE_STALE_S: "86400", PAGE_CACHE_FRESH_S: "3600", PAGE_CACHE_STALE_S: "86400" };

const writer = await pocketbaseWriter();
let store: Store;
let draftStore: Store;
let draft: Offer;
/** Published, but still to start: in no list for visitors until then. */
let scheduled: Offer;
/** The editor's session cookie (an `editors` account signed in at /admin/sign-in). */
let editorCookie: string;
let marketerCookie: string;

const pathOf = (record: { id: string; title: string }) => `/stores/${encodeURIComponent(record.title.toLowerCase())}/${record.id}`;

/** A page with every cache on, asked by the operator (who sees the cache's headers) or with
 * `cookie`; returns once what it leaves in the caches is stored. */
async function cachedVisit(path: string, cookie?: string): Promise<{ response: Response; html: string }> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), { headers: cookie ? { Cookie: cookie } : OPERATOR }), CACHED_ENV, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html };
}

beforeAll(async () => {
  store = await writer.create<Store>("_zdata_stores", {
    title: `${marker} Store`,
    website: "https://previewed.example/",
    default_action_url: "https://previewed.example/",
  });
  draftStore = await writer.create<Store>("_zdata_stores", { title: `${marker} Coming store`, status: "draft" });
  draft = await writer.create<Offer>("_zdata_offers", {
    heading: `${marker} draft deal`,
    type: "deal",
    cta_url: "https://previewed.example/deal",
    store: store.id,
    status: "draft",
  });
  scheduled = await writer.create<Offer>("_zdata_offers", {
    heading: `${marker} scheduled deal`,
    type: "deal",
    cta_url: "https://previewed.example/scheduled",
    store: store.id,
    starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString().replace("T", " "),
  });
  const marketer = await siteAccount(writer, "marketers");
  const editor = await siteAccount(writer, "editors");
  editorCookie = await signInOnSite(editor.email, editor.password);
  marketerCookie = await signInOnSite(marketer.email, marketer.password);
});

afterAll(() => writer.cleanup());

describe("preview of drafts", () => {
  it("a signed-in editor sees a draft offer on its store's page, marked, never cached, never indexed", async () => {
    const response = await visit(pathOf(store), { headers: { Cookie: editorCookie } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(htmlText(draft.heading));
    expect(html).toContain(NOTICE);
    // The notice ends the preview: it is the sign-out form.
    expect(html).toMatch(/<form method="post" action="\/admin\/sign-out"[^>]*>Preview — not published/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("a signed-in editor sees a draft store's page at its real address", async () => {
    const response = await visit(pathOf(draftStore), { headers: { Cookie: editorCookie } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(htmlText(draftStore.title));
    expect(html).toContain(NOTICE);
  });

  it("marks each draft where it shows, 'Draft' in its title, each offer still to start 'Scheduled', and nothing live (issue 51)", async () => {
    const headingsOf = async (path: string) => headings(parsePage(await (await visit(path, { headers: { Cookie: editorCookie } })).text()));
    const published = await headingsOf(pathOf(store));
    // The draft offer's card is marked, the scheduled one's too; the published store's heading is not.
    const texts = published.map((heading) => heading.text);
    expect(texts).toContain(`${draft.heading} Draft`);
    expect(texts).toContain(`${scheduled.heading} Scheduled`);
    expect(await (await visit(pathOf(store))).text()).not.toContain(htmlText(scheduled.heading));
    const title = (page: typeof published) => page.find((heading) => heading.level === 1)?.text ?? "";
    expect(title(published)).toContain(store.title);
    expect(title(published)).not.toMatch(/\bDraft\b/);
    expect(title(await headingsOf(pathOf(draftStore)))).toMatch(new RegExp(`^${draftStore.title}\\b.*\\bDraft\\b`));
  });

  it.each([
    ["a visitor", ""],
    ["a marketer", "marketer"],
    ["a forged session", "dp_admin=eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYXV0aCJ9.forged"],
  ])("%s sees neither the drafts nor the notice", async (_, who) => {
    const cookie = who === "marketer" ? marketerCookie : who;
    const headers = cookie ? { Cookie: cookie } : undefined;
    const page = await visit(pathOf(store), { headers });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain(htmlText(draft.heading));
    expect(html).not.toContain(NOTICE);
    const hidden = await visit(pathOf(draftStore), { headers });
    await hidden.body?.cancel();
    expect(hidden.status).toBe(404);
  });

  it("leaves nothing in the page cache or the read cache: visitors after a preview get the public page", async () => {
    const preview = await cachedVisit(pathOf(store), editorCookie);
    expect(preview.html).toContain(htmlText(draft.heading));
    const first = await cachedVisit(pathOf(store));
    expect(first.response.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(first.html).not.toContain(htmlText(draft.heading));
    const again = await cachedVisit(pathOf(store));
    expect(again.response.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(again.html).not.toContain(htmlText(draft.heading));
    // And the editor's next preview is not the visitors' cached copy.
    expect((await cachedVisit(pathOf(store), editorCookie)).html).toContain(htmlText(draft.heading));
  });
});
