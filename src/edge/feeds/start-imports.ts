import { readConfig, type Env } from "../../env";
import { contentDate } from "../../lib/feed-dates";
import { asService } from "../service-account";
import type { FeedPageMessage } from "./feeds-consumer";
import { FORMATS } from "./formats";
import { OriginError, type RunTrigger, type Service, startRun, updateRun } from "./import-runs";

/**
 * Starting imports: on the schedule (each minute's Cron Trigger: every network whose `feed_every_minutes` have passed
 * since its last run started) and by an editor's hand (/admin/imports). A run starts as a
 * record of `import_runs` and its first page's message on the feeds queue. The schedule also
 * fails runs that made no progress for STALE_MS (a page lost past its retries): their
 * network's next import can start, and they end nothing.
 */

const STALE_MS = 60 * 60_000;

async function list<T>({ config, service }: Service, collection: string, query: Record<string, string>): Promise<T[]> {
  const response = await asService(config, service, `/api/collections/${collection}/records?${new URLSearchParams({ skipTotal: "1", ...query })}`, {
    method: "GET",
  });
  if (!response.ok) throw new OriginError(`${collection}: PocketBase answered ${response.status}`);
  return ((await response.json()) as { items: T[] }).items;
}

/**
 * Starts a run of one network, from its feed or (`upload`) from the CSV file an editor
 * uploaded, read with the generic column map; the run's id, or null when one is running already.
 */
export async function startImport(
  deps: Service,
  queue: Queue<unknown>,
  network: string,
  kind: string,
  trigger: RunTrigger,
  upload?: File,
): Promise<string | null> {
  const run = await startRun(deps, network, trigger, upload);
  if (!run) return null;
  const cursor = FORMATS[upload ? "csv" : kind]?.firstCursor ?? { page: 1 };
  await queue.send({ type: "feed-page", run, cursor, page: 1, step: 0, attempt: 0 } satisfies FeedPageMessage);
  return run;
}

export async function startDueImports(env: Env, now = Date.now()): Promise<void> {
  const config = readConfig(env);
  if (!config.service || !env.FEEDS) {
    console.error("feed imports not started: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD or the FEEDS queue are not set");
    return;
  }
  const deps = { config, service: config.service };
  const stale = await list<{ id: string }>(deps, "import_runs", {
    filter: `status = "running" && update_time < "${contentDate(now - STALE_MS)}"`,
    fields: "id",
    perPage: "200",
  });
  for (const run of stale) await updateRun(deps, run.id, { status: "failed", add: { errors: 1 }, error: "no progress for an hour: a page was lost" });

  const networks = await list<{ id: string; feed_kind: string; feed_every_minutes: number }>(deps, "affiliate_networks", {
    filter: 'feed_kind != "" && active = true && feed_every_minutes > 0',
    fields: "id,feed_kind,feed_every_minutes",
    perPage: "500",
  });
  for (const network of networks) {
    const [last] = await list<{ started: string; status: string }>(deps, "import_runs", {
      filter: `network = "${network.id}"`,
      sort: "-started",
      fields: "started,status",
      perPage: "1",
    });
    const startedAt = last ? Date.parse(last.started.replace(" ", "T")) : Number.NEGATIVE_INFINITY;
    if (last?.status === "running" || startedAt + network.feed_every_minutes * 60_000 > now) continue;
    await startImport(deps, env.FEEDS, network.id, network.feed_kind, "schedule");
  }
}
