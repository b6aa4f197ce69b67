import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import { VISITOR_POST_TIMEOUT_MS } from "../../src/edge/posts/visitor-post";
import { delayOrigin, pocketbaseWriter, testEnv, visit } from "./helpers";

const JSON_FORM = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Origin: testEnv.SITE_ORIGIN };
/** PocketBase holds every request this long: hung, as far as a visitor can tell. */
const HUNG_MS = 10_000;
/** The answer may come this long after the deadline (a loaded test machine). */
const SLACK_MS = 1_500;

const writer = await pocketbaseWriter();
let offer: Offer;

beforeAll(async () => {
  const store = await writer.create<Store>("_zdata_stores", { title: `Hung ${crypto.randomUUID().slice(0, 6)}`, website: "https://hung.example/" });
  offer = await writer.create<Offer>("_zdata_offers", {
    heading: "Vote while it hangs",
    type: "deal",
    store: store.id,
    cta_label: "Go",
    cta_url: "https://hung.example/",
  });
});
afterEach(() => delayOrigin("", 0));
afterAll(() => writer.cleanup());

async function timed(post: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await post();
  return { response, ms: Date.now() - started };
}

describe("a visitor's post on a hung PocketBase (issue 34)", () => {
  it("answers a vote with the plain 'could not be saved' in a few seconds, not after PocketBase's 10", async () => {
    await delayOrigin("/api/", HUNG_MS);
    const { response, ms } = await timed(() => visit(`/offers/${offer.id}/feedback`, { method: "POST", headers: JSON_FORM, body: "worked=yes" }));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable" });
    expect(ms).toBeLessThan(VISITOR_POST_TIMEOUT_MS + SLACK_MS);
  });

  it("answers a sign-up the same way", async () => {
    await delayOrigin("/api/", HUNG_MS);
    const email = `hung-${crypto.randomUUID().slice(0, 8)}@hung.example`;
    const { response, ms } = await timed(() =>
      visit("/newsletter", { method: "POST", headers: { ...JSON_FORM, "CF-Connecting-IP": "198.51.100.34" }, body: `email=${encodeURIComponent(email)}` }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable" });
    expect(ms).toBeLessThan(VISITOR_POST_TIMEOUT_MS + SLACK_MS);
  });
});
