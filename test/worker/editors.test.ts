import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import { htmlText, pocketbaseWriter, SITE, signInOnSite, superuserToken, testEnv, visit } from "./helpers";

/**
 * Issue 35, "An editors' role": members of `editors` create and edit content through
 * PocketBase's API (files included), read and preview drafts, and touch nothing else: no
 * schema, no settings, no site accounts, no networks' tokens, no counters, no deletion
 * (pocketbase/pb_migrations/1767226820_editors.js, docs/decisions/041-editors-role.md).
 */
const PB = testEnv.POCKETBASE_URL;
const marker = `Edited ${crypto.randomUUID().slice(0, 8)}`;
const editor = { email: `editor-${crypto.randomUUID().slice(0, 8)}@dealpilot.local`, password: "editor-tests-password" };

const writer = await pocketbaseWriter();
let token: string;
let store: Store;
let offer: Offer & { status: string; thumbnail: string };

/** A request to PocketBase as the editor. */
function asEditor(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", token);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return fetch(`${PB}${path}`, { ...init, headers });
}

beforeAll(async () => {
  await writer.create("editors", { ...editor, passwordConfirm: editor.password, name: "Test Editor", verified: true });
  const auth = await fetch(`${PB}/api/collections/editors/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: editor.email, password: editor.password }),
  });
  token = ((await auth.json()) as { token: string }).token;
  store = await writer.create<Store>("_zdata_stores", {
    title: `${marker} Store`,
    website: "https://edited.example/",
    default_action_url: "https://edited.example/",
  });
  // An offer with its thumbnail, uploaded as the admin UI and the SDK send files.
  const form = new FormData();
  for (const [name, value] of Object.entries({ heading: `${marker} draft deal`, type: "deal", store: store.id, cta_url: "https://edited.example/deal" })) {
    form.set(name, value);
  }
  form.set("thumbnail", new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'], { type: "image/svg+xml" }), "thumb.svg");
  const created = await asEditor("/api/collections/_zdata_offers/records", { method: "POST", body: form });
  expect(created.status).toBe(200);
  offer = (await created.json()) as typeof offer;
});

afterAll(async () => {
  await fetch(`${PB}/api/collections/_zdata_offers/records/${offer.id}`, {
    method: "DELETE",
    headers: { Authorization: await superuserToken() },
  });
  await writer.cleanup();
});

describe("the editors' role", () => {
  it("creates content with files; a new record is a draft the editor reads and visitors do not", async () => {
    expect(offer.status).toBe("draft");
    expect(offer.thumbnail).toMatch(/^thumb_\w+\.svg$/);
    expect((await asEditor(`/api/collections/_zdata_offers/records/${offer.id}`)).status).toBe(200);
    expect((await fetch(`${PB}/api/collections/_zdata_offers/records/${offer.id}`)).status).toBe(404);
  });

  it("edits and publishes it", async () => {
    const published = await asEditor(`/api/collections/_zdata_offers/records/${offer.id}`, {
      method: "PATCH",
      body: JSON.stringify({ subheading: "edited by an editor", status: "published" }),
    });
    expect(published.status).toBe(200);
    expect((await fetch(`${PB}/api/collections/_zdata_offers/records/${offer.id}`)).status).toBe(200);
    const back = await asEditor(`/api/collections/_zdata_offers/records/${offer.id}`, { method: "PATCH", body: JSON.stringify({ status: "draft" }) });
    expect(back.status).toBe(200);
  });

  it("deletes nothing: archiving takes a record off the site", async () => {
    expect((await asEditor(`/api/collections/_zdata_offers/records/${offer.id}`, { method: "DELETE" })).status).toBe(403);
  });

  it("types no counter, on a new record or an edit", async () => {
    const typed = await asEditor("/api/collections/_zdata_offers/records", {
      method: "POST",
      body: JSON.stringify({ heading: `${marker} typed`, type: "deal", store: store.id, worked_count: 97 }),
    });
    expect(typed.status).toBe(400);
    expect(Object.keys(((await typed.json()) as { data: object }).data)).toEqual(["worked_count"]);
    const raised = await asEditor(`/api/collections/_zdata_offers/records/${offer.id}`, { method: "PATCH", body: JSON.stringify({ click_count: 5000 }) });
    expect(raised.status).toBe(400);
  });

  it("reaches no schema, settings, site account, network token, conversion or click", async () => {
    for (const path of ["/api/collections", "/api/collections/_zdata_offers", "/api/settings", "/api/logs", "/api/backups"]) {
      const response = await asEditor(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(403);
    }
    const schema = await asEditor("/api/collections/_zdata_offers", { method: "PATCH", body: JSON.stringify({ listRule: "" }) });
    expect(schema.status).toBe(403);
    for (const collection of ["edge_services", "conversions", "outbound_events", "offer_feedback", "subscribers", "daily_clicks"]) {
      const list = await asEditor(`/api/collections/${collection}/records`);
      await list.body?.cancel();
      expect(list.status, collection).toBe(403);
    }
    for (const collection of ["marketers", "affiliate_networks"]) {
      const list = await asEditor(`/api/collections/${collection}/records`);
      expect(((await list.json()) as { items: unknown[] }).items, collection).toEqual([]);
    }
    const account = await asEditor("/api/collections/edge_services/records", {
      method: "POST",
      body: JSON.stringify({ email: "intruder@dealpilot.local", password: "intruder-password", passwordConfirm: "intruder-password" }),
    });
    await account.body?.cancel();
    expect(account.status).toBe(403);
  });

  it("cannot sign in to PocketBase's admin UI, which admits superusers only", async () => {
    const admin = await fetch(`${PB}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: editor.email, password: editor.password }),
    });
    await admin.body?.cancel();
    expect(admin.status).toBe(400);
  });

  it("signs in on the site to preview drafts, and is told the reports are not theirs", async () => {
    const cookie = await signInOnSite(editor.email, editor.password);
    const page = await visit(`/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain(htmlText(offer.heading));
    expect(html).toContain("Preview — not published");
    const reports = await visit("/admin/reports", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(reports.status).toBe(403);
    expect(await reports.text()).toContain("This page is for marketers");
    // Signing out (the notice's button) voids the session's token: the cookie shows the public page.
    const signOut = await visit("/admin/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: SITE }, redirect: "manual" });
    expect(signOut.status).toBe(303);
    const after = await (await visit(`/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain(htmlText(offer.heading));
  });
});

describe("help in the admin UI", () => {
  it("every field an editor fills in on offers and stores says what it does, under its input", async () => {
    const headers = { Authorization: await superuserToken() };
    for (const name of ["_zdata_offers", "_zdata_stores"]) {
      const collection = (await (await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${name}`, { headers })).json()) as {
        fields: { name: string; help?: string; system?: boolean; hidden?: boolean; type: string }[];
      };
      const unexplained = collection.fields.filter((field) => !field.system && !field.hidden && field.type !== "autodate" && !field.help).map((f) => f.name);
      expect(unexplained, name).toEqual([]);
    }
  });
});
