import { describe, expect, it } from "vitest";
import {
  CONVERSION_STATUSES,
  COUNTRY_CODES,
  DAILY_DIMENSIONS,
  EDITORIAL_STATUSES,
  LIMITS,
  SHORT_LINK,
  STATUS_COLLECTIONS,
  TRACKING_KEYS,
} from "../../src/lib/rules";
import { superuserToken, testEnv } from "./helpers";

/**
 * Issue 47, "one rule in one place": PocketBase's schema (its migrations) against the rules
 * the Worker and the hooks read (pocketbase/pb_hooks/rules.js). A field that holds less than
 * the edge accepts would refuse, on every delivery, what the edge answered OK; a status or a
 * country one side knows and the other does not would drift the same way.
 */

interface Field {
  name: string;
  type: string;
  max?: number;
  values?: string[];
}
interface Collection {
  name: string;
  fields: Field[];
  indexes: string[];
}

const token = await superuserToken();
async function collection(name: string): Promise<Collection> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${name}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`collection ${name}: ${response.status}`);
  return (await response.json()) as Collection;
}
const field = (of: Collection, name: string): Field => {
  const found = of.fields.find((f) => f.name === name);
  if (!found) throw new Error(`${of.name} has no field ${name}`);
  return found;
};

describe("PocketBase's schema holds what the shared rules say", () => {
  it("stores every conversion a postback answered OK for: its click id, txid, event and campaign values fit", async () => {
    const conversions = await collection("conversions");
    expect(field(conversions, "click_id").max).toBe(LIMITS.click_id);
    expect(field(conversions, "txid").max).toBe(LIMITS.txid);
    expect(field(conversions, "event").max).toBe(LIMITS.event);
    for (const key of TRACKING_KEYS) expect(field(conversions, key).max, key).toBe(LIMITS.tracking_value);
    expect(field(conversions, "status").values).toEqual([...CONVERSION_STATUSES]);
  });

  it("stores every event the edge queues: its click id, URLs, host and campaign values fit", async () => {
    const events = await collection("outbound_events");
    expect(field(events, "click_id").max).toBe(LIMITS.click_id);
    expect(field(events, "url").max).toBe(LIMITS.url);
    expect(field(events, "referrer_path").max).toBe(LIMITS.url);
    expect(field(events, "target_host").max).toBe(LIMITS.host);
    for (const key of TRACKING_KEYS) expect(field(events, key).max, key).toBe(LIMITS.tracking_value);
  });

  it("sums clicks by exactly the daily dimensions, one row per day and combination", async () => {
    const daily = await collection("daily_clicks");
    for (const name of DAILY_DIMENSIONS) expect(field(daily, name).type, name).toBe("text");
    const unique = daily.indexes.find((index) => /CREATE UNIQUE INDEX/i.test(index)) ?? "";
    expect(unique.replace(/\s+/g, " ")).toContain(`(day, ${DAILY_DIMENSIONS.join(", ")})`);
  });

  it("offers the same countries and editorial statuses", async () => {
    expect(field(await collection("_zdata_offers"), "countries").values).toEqual([...COUNTRY_CODES]);
    for (const name of STATUS_COLLECTIONS) expect(field(await collection(name), "status").values, name).toEqual([...EDITORIAL_STATUSES]);
  });

  it("keeps a short link's slug, destination and values, and each event's and conversion's link, as the rules say", async () => {
    const links = await collection("short_links");
    expect(field(links, "slug").max).toBe(LIMITS.slug);
    expect(field(links, "destination").max).toBe(LIMITS.url);
    for (const name of SHORT_LINK.values) expect(field(links, name).max, name).toBe(LIMITS.tracking_value);
    expect(field(await collection("retired_short_links"), "slug").max).toBe(LIMITS.slug);
    for (const name of ["outbound_events", "conversions"]) expect(field(await collection(name), "short_link").type, name).toBe("text");
  });

  it("keeps a network's click domains as long as the rules allow", async () => {
    expect(field(await collection("affiliate_networks"), "click_domains").max).toBe(LIMITS.click_domains);
  });
});
