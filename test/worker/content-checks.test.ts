import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import { accountToken, pocketbaseWriter, siteAccount, superuserToken, testEnv } from "./helpers";

/**
 * Issue 35, "Validation": what an editor saves is checked by PocketBase's hooks
 * (pocketbase/pb_hooks/content-checks.js), whichever way it comes; a refusal names the
 * field and says what to do, as the admin UI shows it under the field.
 */

interface Refusal {
  status: number;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

const writer = await pocketbaseWriter();
/** The superuser's, for cleaning up (editors cannot delete), and an editor's, for what editors save. */
let token: string;
let editorToken: string;
let store: Store;

/** Saves as an editor does (an account of the editors); the answer's status and body. */
async function save(method: "POST" | "PATCH", path: string, record: Record<string, unknown>): Promise<{ status: number; body: Refusal }> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: editorToken },
    body: JSON.stringify(record),
  });
  return { status: response.status, body: (await response.json()) as Refusal };
}

const offer = (fields: Record<string, unknown>) =>
  save("POST", "_zdata_offers/records", { heading: "Checked offer", type: "deal", store: store.id, cta_url: "https://checked.example/deal", ...fields });

/** Expects a refusal naming `field` with a message containing `words`. */
function refused(answer: { status: number; body: Refusal }, field: string, words: string) {
  expect(answer.status).toBe(400);
  expect(Object.keys(answer.body.data)).toEqual([field]);
  expect(answer.body.data[field]!.message).toContain(words);
  expect(answer.body.message).toContain(words);
}

beforeAll(async () => {
  token = await superuserToken();
  editorToken = await accountToken("editors", await siteAccount(writer, "editors"));
  store = await writer.create<Store>("_zdata_stores", {
    title: `Checked ${crypto.randomUUID().slice(0, 8)}`,
    website: "https://www.checked.example/",
    default_action_url: "https://checked.example/",
  });
});

afterAll(async () => {
  const offers = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records?filter=${encodeURIComponent(`store = "${store.id}"`)}`, {
    headers: { Authorization: token },
  });
  for (const { id } of ((await offers.json()) as { items: Offer[] }).items) {
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${id}`, { method: "DELETE", headers: { Authorization: token } });
  }
  await writer.cleanup();
});

describe("checks of what editors save", () => {
  it("an offer's country URLs map known country codes to https partner URLs (issue 36's field)", async () => {
    for (const cta_urls of [
      { de: "https://shop.example.de/deal" },
      { ZZ: "https://shop.example/deal" },
      { DE: "http://shop.example.de/deal" },
      ["https://shop.example/"],
      { DE: 7 },
    ]) {
      refused(await offer({ cta_urls }), "cta_urls", "country code");
    }
    const saved = await offer({
      countries: ["DE", "US"],
      cta_urls: { DE: "https://de.checked.example/deal", US: "https://checked.example/us/deal?ref={utm_source}" },
    });
    expect(saved.status).toBe(200);
    // The countries themselves are the select field's own choices: PocketBase refuses others.
    expect((await offer({ countries: ["ZZ"] })).status).toBe(400);
  });

  it("an offer must end after it starts", async () => {
    refused(await offer({ starts_at: "2026-12-10 00:00:00.000Z", expires_at: "2026-12-01 00:00:00.000Z" }), "expires_at", "end before it starts");
    refused(await offer({ starts_at: "2026-12-10 00:00:00.000Z", expires_at: "2026-12-10 00:00:00.000Z" }), "expires_at", "end before it starts");
    expect((await offer({ starts_at: "2026-12-01 00:00:00.000Z", expires_at: "2026-12-10 00:00:00.000Z" })).status).toBe(200);
    // Either date alone is fine: no start means live now, no expiry means open-ended.
    expect((await offer({ expires_at: "2026-12-10 00:00:00.000Z" })).status).toBe(200);
  });

  it("a coupon needs a code or a partner URL", async () => {
    refused(await offer({ type: "coupon", cta_url: "", coupon_code: "  " }), "coupon_code", "coupon code or a partner URL");
    expect((await offer({ type: "coupon", cta_url: "", coupon_code: "SAVE10" })).status).toBe(200);
    expect((await offer({ type: "coupon" })).status).toBe(200);
  });

  it.each([
    "http://shop.example.com/deal",
    "https://localhost/deal",
    "https://203.0.113.7/deal",
    "https://shop.example.com@evil.example/deal",
    "https://{utm_source}.example.com/",
    "https://shop_example.com/",
  ])("a partner URL must be https with a plausible host: %s is refused", async (url) => {
    refused(await offer({ cta_url: url }), "cta_url", "https://");
    refused(await save("PATCH", `_zdata_stores/records/${store.id}`, { default_action_url: url }), "default_action_url", "https://");
  });

  it("a partner URL may carry a port, a path, a query and macros", async () => {
    const answer = await offer({ cta_url: "https://go.checked.example:8443/deal?aff=dealpilot&sub={click_id}&src={utm_source}#top" });
    expect(answer.status).toBe(200);
  });

  it("a store with offers keeps its default action URL", async () => {
    await offer({});
    refused(await save("PATCH", `_zdata_stores/records/${store.id}`, { default_action_url: "" }), "default_action_url", "has offers");
    const empty = await writer.create<Store>("_zdata_stores", {
      title: `Checked empty ${crypto.randomUUID().slice(0, 8)}`,
      default_action_url: "https://checked.example/",
    });
    expect((await save("PATCH", `_zdata_stores/records/${empty.id}`, { default_action_url: "" })).status).toBe(200);
  });

  it("a partner URL leads only into a store's website or a network's click domains: /goto goes nowhere else", async () => {
    const host = `elsewhere-${crypto.randomUUID().slice(0, 8)}.example`;
    const url = `https://go.${host}/deal?sub={click_id}`;
    refused(await offer({ cta_url: url }), "cta_url", "click domains");
    refused(await offer({ cta_urls: { DE: url } }), "cta_urls", "click domains");
    refused(await save("PATCH", `_zdata_stores/records/${store.id}`, { default_action_url: url }), "default_action_url", "click domains");
    refused(await save("POST", "Products/records", { name: "Checked product", status: "draft", cta_url: url }), "cta_url", "click domains");
    refused(await save("POST", "_zdata_banners/records", { name: "Checked banner", url }), "url", "click domains");
    // The fix the message names: the host joins a network's click domains (or a store's website).
    const network = await writer.create<{ id: string }>("affiliate_networks", { name: "Checked network", click_domains: `clicks.example, ${host}` });
    expect((await offer({ cta_url: url })).status).toBe(200);
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/affiliate_networks/records/${network.id}`, { method: "DELETE", headers: { Authorization: token } });
    refused(await offer({ cta_url: url }), "cta_url", "click domains");
    const own = await save("POST", "_zdata_stores/records", { title: `Checked own ${host}`, website: `https://www.${host}/`, default_action_url: url });
    expect(own.status).toBe(200);
    expect((await offer({ cta_url: url })).status).toBe(200);
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records/${(own.body as unknown as Store).id}`, {
      method: "DELETE",
      headers: { Authorization: token },
    });
  });

  it("names every field's problem in one answer, PocketBase's own and the site's", async () => {
    const answer = await offer({
      heading: "",
      starts_at: "2026-12-10 00:00:00.000Z",
      expires_at: "2026-12-01 00:00:00.000Z",
      cta_url: "http://checked.example/",
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data).sort()).toEqual(["cta_url", "expires_at", "heading"]);
    expect(answer.body.data.heading!.message).toMatch(/cannot be blank/i);
    expect(answer.body.data.expires_at!.message).toContain("end before it starts");
    expect(answer.body.data.cta_url!.message).toContain("https://");
  });
});
