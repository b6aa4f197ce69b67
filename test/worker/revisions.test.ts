import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article, Comparison, Editorial, Offer, Store } from "../../src/data/types";
import { parsePage, textIn } from "./dom";
import { pocketbaseWriter, superuserToken, testEnv, visit } from "./helpers";

/**
 * Issue 53: articles, comparisons and advertorials show "Published" and "Updated". Updated is
 * revised_at, kept by PocketBase's hook (pb_hooks/revisions.js): it moves when what readers
 * read changes, never on a vote, a publish, a feature switch or a form saved as it was, and
 * nobody types it. An editor may say what changed.
 */

const PB = testEnv.POCKETBASE_URL;
const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const segment = (text: string) => encodeURIComponent(text.toLowerCase());
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const medium = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
const marker = `rv${Date.now().toString(36)}`;
const PUBLISHED = Date.now() - 20 * DAY;

const writer = await pocketbaseWriter();
let token: string;
let store: Store;
let offer: Offer;

async function patch<T>(collection: string, id: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${PB}/api/collections/${collection}/records/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function revisedAt(collection: string, id: string): Promise<string> {
  const response = await fetch(`${PB}/api/collections/${collection}/records/${id}?fields=revised_at`, { headers: { Authorization: token } });
  return ((await response.json()) as { revised_at: string }).revised_at;
}

/** The byline's text and the "What changed" line of a piece's page. */
async function datesOf(path: string): Promise<{ byline: string; note: string; modified: string | undefined }> {
  const response = await visit(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const header = parsePage(html).querySelector("main header")!;
  return {
    // The byline: the heading's line holding the publication date.
    byline: textIn(header.querySelector("time")?.closest("div")),
    note: textIn([...header.querySelectorAll("p")].find((p) => textIn(p).startsWith("What changed: "))),
    modified: html.match(/<meta property="article:modified_time" content="([^"]+)"\/>/)?.[1],
  };
}

beforeAll(async () => {
  token = await superuserToken();
  store = await writer.create<Store>("_zdata_stores", {
    title: `${marker} Store`,
    website: "https://revised.example/",
    default_action_url: "https://revised.example/",
  });
  offer = await writer.create<Offer>("_zdata_offers", { heading: `${marker} deal`, type: "deal", store: store.id, cta_url: "https://revised.example/deal" });
});
afterAll(() => writer.cleanup());

const KINDS = [
  { collection: "_zdata_articles", list: "blog", text: "content", extra: { status: "published", offers: [] as string[] } },
  { collection: "_zdata_comparisons", list: "comparisions", text: "intro", extra: {} },
  { collection: "_zdata_advertorials", list: "advertorials", text: "description", extra: {} },
] as const;

describe("Published and Updated", () => {
  for (const kind of KINDS) {
    it(`${kind.list}: Updated moves on an edit of the text, with the editor's note; not on a vote, a feature switch, a publish or a typed date`, async () => {
      const piece = await writer.create<Article | Comparison | Editorial>(kind.collection, {
        title: `${marker} ${kind.list} piece`,
        [kind.text]: "<p>First version.</p>",
        publish_time: pbDate(PUBLISHED),
        ...kind.extra,
        ...(kind.collection === "_zdata_articles" ? { offers: [offer.id] } : {}),
      });
      const path = `/${kind.list}/${segment(piece.title)}/${piece.id}`;
      // Created by a superuser (an import, the seed): unrevised unless it says otherwise.
      const first = await datesOf(path);
      expect(first.byline).toBe(`Published ${medium(PUBLISHED)}`);
      expect(first.modified).toBe(
        pbDate(PUBLISHED)
          .replace(" ", "T")
          .replace(/\.\d+Z$/, "Z"),
      );

      // Nothing a reader reads changes: the date stays.
      const before = await revisedAt(kind.collection, piece.id);
      await patch(kind.collection, piece.id, { is_featured: true, meta_description: "For search engines", status: "published" });
      await patch(kind.collection, piece.id, { revised_at: pbDate(Date.now() - 400 * DAY) });
      expect(await revisedAt(kind.collection, piece.id)).toBe(before);

      // The text changes: Updated is today, with the note.
      await patch(kind.collection, piece.id, { [kind.text]: "<p>Second version, prices checked.</p>", revision_note: "Prices checked again." });
      const revised = await revisedAt(kind.collection, piece.id);
      expect(Date.now() - Date.parse(revised.replace(" ", "T"))).toBeLessThan(60_000);
      // The page follows within the content version's few seconds (docs/publishing.md).
      await expect.poll(async () => (await datesOf(path)).byline, { timeout: 15_000 }).toBe(`Published ${medium(PUBLISHED)} · Updated ${medium(Date.now())}`);
      const second = await datesOf(path);
      expect(second.note).toBe("What changed: Prices checked again.");
      expect(second.modified).toBe(revised.replace(" ", "T").replace(/\.\d+Z$/, "Z"));

      // A visitor's vote on an offer the piece lists moves the vote's counter, not the piece's date.
      const voted = await visit(`/offers/${offer.id}/feedback`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Origin: "http://127.0.0.1:8787", "User-Agent": "Mozilla/5.0 Chrome/156.0" },
        body: JSON.stringify({ worked: "yes" }),
      });
      expect(((await voted.json()) as { counted: boolean }).counted).toBe(true);
      expect(await revisedAt(kind.collection, piece.id)).toBe(revised);
    });
  }

  it("an edit on the day of publication is part of the piece as published: no Updated", async () => {
    const piece = await writer.create<Comparison>("_zdata_comparisons", {
      title: `${marker} same day`,
      intro: "<p>One.</p>",
      publish_time: pbDate(Date.now()),
    });
    const path = `/comparisions/${segment(piece.title)}/${piece.id}`;
    await datesOf(path);
    await patch("_zdata_comparisons", piece.id, { intro: "<p>Two, the same day.</p>" });
    // The edit reaches the page (its text), and the byline still has no Updated.
    await expect.poll(async () => (await (await visit(path)).text()).includes("Two, the same day."), { timeout: 15_000 }).toBe(true);
    expect((await datesOf(path)).byline).toBe(`Published ${medium(Date.now())}`);
  });

  it("an editor's new piece starts unrevised, whatever date it is sent with", async () => {
    const editor = { email: `rev-${crypto.randomUUID().slice(0, 8)}@dealpilot.local`, password: "revisions-editor-password" };
    await writer.create("editors", { ...editor, passwordConfirm: editor.password, name: "Revisions Editor", verified: true });
    const auth = await fetch(`${PB}/api/collections/editors/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: editor.email, password: editor.password }),
    });
    const editorToken = ((await auth.json()) as { token: string }).token;
    const created = await fetch(`${PB}/api/collections/_zdata_comparisons/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: editorToken },
      body: JSON.stringify({ title: `${marker} by an editor`, revised_at: pbDate(Date.now() - 100 * DAY) }),
    });
    expect(created.status).toBe(200);
    const record = (await created.json()) as Comparison;
    try {
      expect(record.revised_at).toBe("");
    } finally {
      await fetch(`${PB}/api/collections/_zdata_comparisons/records/${record.id}`, { method: "DELETE", headers: { Authorization: token } });
    }
  });
});
