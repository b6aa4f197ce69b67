import { readConfig } from "../../src/env";
import { startImport } from "../../src/edge/feeds/start-imports";
import type { ImportsView } from "../../src/admin/ImportsPage";
import type { Offer } from "../../src/data/types";
import { superuserToken, testEnv } from "./helpers";

/** Test side of the feed imports: the fake networks (test/support/fake-networks.mjs), networks, stores and runs. */

export const FAKE = (testEnv as unknown as { TEST_FAKE_NETWORKS_URL: string }).TEST_FAKE_NETWORKS_URL;

export interface FakePromotion {
  id: string;
  advertiserId: string;
  advertiserName: string;
  site: string;
  title: string;
  description: string;
  terms: string;
  code: string;
  start: string;
  end: string;
  tracking: string;
  countries: string[];
}

/** An import_runs record, as /admin/imports reads it. */
export type ImportRun = ImportsView["runs"][number];

export type ImportedOffer = Offer & { network: string; promotion_id: string; duplicate_of: string; status: string };

export const unique = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);

export function promotion(overrides: Partial<FakePromotion> & { id: string; advertiserId: string }): FakePromotion {
  return {
    advertiserName: `Advertiser ${overrides.advertiserId}`,
    site: "",
    title: `Promotion ${overrides.id}`,
    description: "Save on everything.",
    terms: "One per order.",
    code: "",
    start: "",
    end: "",
    tracking: `https://track.example/c/${overrides.id}`,
    countries: [],
    ...overrides,
  };
}

export async function setFeed(
  key: string,
  feed: { kind: string; account: string; credentials: string; pageSize?: number; promotions?: FakePromotion[]; generate?: unknown },
) {
  const response = await fetch(`${FAKE}/__fake/feeds/${key}`, { method: "POST", body: JSON.stringify(feed) });
  if (!response.ok) throw new Error(`fake feed ${key}: ${response.status}`);
}

export async function setFaults(key: string, faults: Record<string, number>) {
  await fetch(`${FAKE}/__fake/feeds/${key}/faults`, { method: "POST", body: JSON.stringify(faults) });
}

export async function servedRequests(key: string): Promise<number> {
  return ((await (await fetch(`${FAKE}/__fake/feeds/${key}/requests`)).json()) as { served: number }).served;
}

/** Superuser requests to PocketBase, through the test proxy. */
export async function admin<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}${path}`, {
    method: init.method ?? "GET",
    headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function list<T>(collection: string, filter: string, extra: Record<string, string> = {}): Promise<T[]> {
  const query = new URLSearchParams({ filter, perPage: "500", ...extra });
  return (await admin<{ items: T[] }>(`/api/collections/${collection}/records?${query}`)).items;
}

/** A network whose feed is the fake under `key`. */
export async function createNetwork(key: string, kind: string, settings: Record<string, unknown> = {}): Promise<{ id: string }> {
  return admin<{ id: string }>("/api/collections/affiliate_networks/records", {
    method: "POST",
    body: {
      name: `Feed ${key}`,
      active: true,
      feed_kind: kind,
      feed_account: "4711",
      feed_api_base: kind === "csv" ? `${FAKE}/${key}/feed.csv` : `${FAKE}/${key}`,
      feed_credentials: `secret-${key}`,
      feed_every_minutes: 0,
      feed_auto_publish: true,
      feed_rank: 10,
      ...settings,
    },
  });
}

export async function createStore(host: string, extra: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  return admin<{ id: string; title: string }>("/api/collections/_zdata_stores/records", {
    method: "POST",
    body: { title: `Store ${host}`, website: `https://www.${host}/`, default_action_url: `https://www.${host}/`, status: "published", ...extra },
  });
}

export const feedsDeps = () => {
  const config = readConfig(testEnv);
  if (!config.service) throw new Error("the Worker tests' service account is not configured");
  return { config, service: config.service };
};

/** Starts a run of a network now, as the admin's button does. */
export async function startRun(network: string, kind: string): Promise<string> {
  const queue = testEnv.FEEDS;
  if (!queue) throw new Error("no FEEDS queue binding");
  const run = await startImport(feedsDeps(), queue, network, kind, "editor");
  if (!run) throw new Error("an import of this network is running already");
  return run;
}

/** Waits until the run is no longer running; its record. */
export async function finished(run: string, timeoutMs = 45_000): Promise<ImportRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const record = await admin<ImportRun>(`/api/collections/import_runs/records/${run}`);
    if (record.status !== "running") return record;
    if (Date.now() > until) throw new Error(`import ${run} still running: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function importNow(network: string, kind: string, timeoutMs?: number): Promise<ImportRun> {
  return finished(await startRun(network, kind), timeoutMs);
}

export const offersOf = (network: string) => list<ImportedOffer>("_zdata_offers", `network = "${network}"`, { sort: "promotion_id" });

export async function advertiserOf(network: string, advertiserId: string) {
  const [advertiser] = await list<{ id: string; store: string; suggested_store: string; waiting: number }>(
    "network_advertisers",
    `network = "${network}" && advertiser_id = "${advertiserId}"`,
  );
  if (!advertiser) throw new Error(`no advertiser ${advertiserId}`);
  return advertiser;
}

export async function mapAdvertiser(network: string, advertiserId: string, store: string) {
  const advertiser = await advertiserOf(network, advertiserId);
  await admin(`/api/collections/network_advertisers/records/${advertiser.id}`, { method: "PATCH", body: { store } });
}
