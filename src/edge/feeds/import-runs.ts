import type { Config } from "../../env";
import { asService, type ServiceCredentials } from "../service-account";
import type { FeedSource } from "./network-fetch";
import type { Promotion } from "./promotion";

/**
 * The import's writes to PocketBase, as the Worker's service account (docs/feeds.md,
 * docs/decisions/052): a run's start and end, its source, and each batch of promotions.
 * Every batch is one transaction of at most BATCH_REQUESTS requests: the advertisers its
 * promotions are the first of the page to name, the promotions (pb_hooks/feeds.pb.js applies
 * each to its offer), and last the run's claim of the next step, so a batch delivered twice is
 * written once.
 */

/** PocketBase's batch limit (pb_migrations/1767226400_outbound_events_queue.js). */
export const BATCH_REQUESTS = 100;
/** How long one batch transaction may take in PocketBase (pb_migrations/1767227102_import_batch_timeout.js),
 * and a little more for the answer to arrive: a batch that takes longer than a content read is not lost. */
const BATCH_TIMEOUT_MS = 35_000;
const RUNS = "/api/collections/import_runs/records";

export type Service = { config: Config; service: ServiceCredentials };

export class OriginError extends Error {}

async function fail(what: string, response: Response): Promise<never> {
  throw new OriginError(`${what}: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
}

/** A record id PocketBase accepts (15 of [a-z0-9]) made from a key: the same key, the same id. */
export async function recordId(...parts: string[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\u001f"))));
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < 15; i++) id += alphabet[(digest[i] ?? 0) % alphabet.length];
  return id;
}

export type RunTrigger = "schedule" | "editor" | "upload";

/**
 * Starts a run of a network, with the file an editor uploaded if any (the run then reads
 * that file instead of the network's feed); null when one is running already (one running
 * run per network).
 */
export async function startRun({ config, service }: Service, network: string, trigger: RunTrigger, upload?: File): Promise<string | null> {
  let body: unknown = { network, status: "running", trigger };
  if (upload) {
    const form = new FormData();
    form.set("network", network);
    form.set("status", "running");
    form.set("trigger", trigger);
    form.set("upload", upload);
    body = form;
  }
  const response = await asService(config, service, RUNS, { method: "POST", body });
  if (response.status === 400) {
    const text = await response.text();
    if (text.includes("validation_not_unique")) return null;
    throw new OriginError(`start import: PocketBase answered 400 ${text.slice(0, 300)}`);
  }
  if (!response.ok) return fail("start import", response);
  return ((await response.json()) as { id: string }).id;
}

/** A running run's source, with credentials; null when the run is not running (finished, failed or gone). */
export async function readSource({ config, service }: Service, run: string): Promise<FeedSource | null> {
  const response = await asService(config, service, `/api/dealpilot/feeds/runs/${encodeURIComponent(run)}/source`, { method: "GET" });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) return fail("import source", response);
  const body = (await response.json()) as Record<string, string>;
  const apiBase = body.api_base ?? "";
  return {
    network: body.network ?? "",
    kind: body.kind ?? "",
    networkKind: body.network_kind ?? "",
    account: body.account ?? "",
    // A path is on PocketBase itself (an editor's uploaded file).
    apiBase: apiBase.startsWith("/") ? `${config.pocketbaseUrl}${apiBase}` : apiBase.replace(/\/+$/, ""),
    credentials: body.credentials ?? "",
    timeZone: body.time_zone || "UTC",
    subIdParam: body.sub_id_param ?? "",
  };
}

/** What a run update adds (pb_hooks/feeds.pb.js): counts, skip reasons, an error message. */
export interface RunUpdate {
  step?: number;
  status?: "complete" | "failed";
  add?: { pages?: number; fetched?: number; skipped?: number; errors?: number };
  skips?: Record<string, number>;
  error?: string;
}

function runRequest(run: string, update: RunUpdate) {
  return { method: "PATCH", url: `${RUNS}/${run}`, body: update };
}

/** Whether PocketBase refused a batch because its step is written already (feeds.pb.js). */
function stepTaken(text: string): boolean {
  return text.includes("feeds_step_taken");
}

/** A batch of a page: its promotions, and the advertisers (one promotion each) first named in it. */
export interface PromotionBatch {
  promotions: Promotion[];
  advertisers: Promotion[];
}

/**
 * Writes one batch: the advertisers first named in it, its promotions, then the run's claim
 * of `update.step`. "written" when stored now, "taken" when that step was written before (the
 * batch came again); throws when PocketBase fails.
 */
export async function writeBatch(
  { config, service }: Service,
  network: string,
  run: string,
  { promotions, advertisers }: PromotionBatch,
  update: RunUpdate,
): Promise<"written" | "taken"> {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  for (const promotion of advertisers) {
    requests.push({
      method: "PUT",
      url: "/api/collections/network_advertisers/records",
      body: {
        id: await recordId("advertiser", network, promotion.advertiserId),
        network,
        advertiser_id: promotion.advertiserId,
        advertiser_name: promotion.advertiserName,
        site_url: promotion.siteUrl,
      },
    });
  }
  for (const promotion of promotions) {
    requests.push({
      method: "PUT",
      url: "/api/collections/network_promotions/records",
      body: {
        id: await recordId("promotion", network, promotion.promotionId),
        network,
        promotion_id: promotion.promotionId,
        advertiser_id: promotion.advertiserId,
        data: promotion.data,
        last_run: run,
      },
    });
  }
  requests.push(runRequest(run, update));
  if (requests.length > BATCH_REQUESTS) throw new Error(`import batch of ${requests.length} requests (at most ${BATCH_REQUESTS})`);
  const response = await asService(config, service, "/api/batch", { method: "POST", body: { requests }, signal: AbortSignal.timeout(BATCH_TIMEOUT_MS) });
  if (response.ok) {
    await response.body?.cancel();
    return "written";
  }
  const text = await response.text();
  if (response.status === 400 && stepTaken(text)) return "taken";
  throw new OriginError(`import batch: PocketBase answered ${response.status} ${text.slice(0, 500)}`);
}

/** Updates a run on its own (its end, a failure), as a batch of one; "taken" when the step
 * was written before, "finished" when the run no longer runs (its update rule admits running
 * runs only, so PocketBase finds nothing to update). */
export async function updateRun({ config, service }: Service, run: string, update: RunUpdate): Promise<"written" | "taken" | "finished"> {
  const response = await asService(config, service, "/api/batch", {
    method: "POST",
    body: { requests: [runRequest(run, update)] },
    signal: AbortSignal.timeout(BATCH_TIMEOUT_MS),
  });
  if (response.ok) {
    await response.body?.cancel();
    return "written";
  }
  const text = await response.text();
  if (response.status === 400 && stepTaken(text)) return "taken";
  if (response.status === 400 && /"status":\s*404/.test(text)) return "finished";
  throw new OriginError(`import run: PocketBase answered ${response.status} ${text.slice(0, 300)}`);
}

/** The run's last written step. */
export async function runStep({ config, service }: Service, run: string): Promise<number> {
  const response = await asService(config, service, `${RUNS}/${run}?fields=step`, { method: "GET" });
  if (!response.ok) return fail("import run", response);
  return Number(((await response.json()) as { step?: unknown }).step) || 0;
}
