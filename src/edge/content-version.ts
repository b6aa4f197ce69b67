/**
 * The content version (docs/decisions/022): a number PocketBase raises whenever a record the
 * site shows is created, changed or deleted (pocketbase/pb_hooks/content_version.pb.js).
 * Every stored page and content read carries the version it was built under; a copy older
 * than the version the Worker knows is rebuilt before it is served again (cache.ts,
 * page-cache.ts). The Worker learns a new version at most twice `contentVersionTtl` late:
 * each isolate keeps what it read for that long, and reads it from a per-location copy
 * that is fresh for as long. While PocketBase cannot answer, the last version known
 * stands, so cached copies keep being served.
 */
import type { Config } from "../env";

export const CONTENT_VERSION_PATH = "/api/collections/_zsys_content_version/records/contentversion1?fields=version";

/** How long a version read may take before the last known version is used instead. */
const READ_TIMEOUT_MS = 2_000;
/** How long a location keeps the last version read, for isolates that start while PocketBase is down. */
const KEEP_S = 30 * 86_400;

/** The version copies must have reached to be served as they are; null while none is known
 * (then copies age by their TTLs alone, as without versions). */
export type ContentVersion = () => Promise<number | null>;

interface VersionDeps {
  cache: Cache;
  waitUntil(promise: Promise<unknown>): void;
}

interface KeptVersion {
  version: number;
  readAt: number;
}

/**
 * The version this isolate knows and when it was checked. Module-scoped on purpose, like the
 * read cache's in-flight map: it is one number about the content, the same for every
 * request, never anything about a visitor. `refreshing` lets concurrent first requests of
 * an isolate share one read.
 */
let known: { version: number | null; checkedAt: number } | undefined;
let refreshing: Promise<number | null> | undefined;

const newer = (a: number | null, b: number | null | undefined): number | null => (b == null ? a : a === null ? b : Math.max(a, b));

function locationKey(config: Config): string {
  return `${config.siteOrigin}/_edge-cache/_content-version`;
}

/** The location's copy if fresh, else PocketBase's answer (stored for the location); on
 * failure the location's copy however old, else what the isolate knew. */
async function readVersion(config: Config, deps: VersionDeps, lastKnown: number | null): Promise<number | null> {
  const stored = await deps.cache.match(locationKey(config));
  const kept = stored ? ((await stored.json()) as KeptVersion) : undefined;
  if (kept && Date.now() - kept.readAt < config.contentVersionTtl * 1000) return newer(kept.version, lastKnown);
  try {
    const response = await fetch(`${config.pocketbaseUrl}${CONTENT_VERSION_PATH}`, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`PocketBase answered ${response.status}`);
    const { version } = (await response.json()) as { version?: unknown };
    if (typeof version !== "number" || !Number.isFinite(version)) throw new Error("no version in the answer");
    const copy: KeptVersion = { version, readAt: Date.now() };
    await deps.cache.put(locationKey(config), Response.json(copy, { headers: { "Cache-Control": `public, max-age=${KEEP_S}` } }));
    return newer(version, lastKnown);
  } catch (error) {
    console.warn("content version: using the last known one", String(error));
    return newer(lastKnown, kept?.version);
  }
}

/**
 * This request's view of the content version. Once an isolate knows a version it never
 * waits for the next one: a check due is started in the background and the known version
 * answers meanwhile. Only an isolate's first requests wait, for one shared read.
 */
export function contentVersionSource(config: Config, deps: VersionDeps): ContentVersion {
  return async () => {
    if (known && Date.now() - known.checkedAt < config.contentVersionTtl * 1000) return known.version;
    const lastKnown = known?.version ?? null;
    if (!refreshing) {
      refreshing = readVersion(config, deps, lastKnown)
        .catch(() => lastKnown)
        .then((version) => {
          known = { version, checkedAt: Date.now() };
          return version;
        })
        .finally(() => {
          refreshing = undefined;
        });
      deps.waitUntil(refreshing);
    }
    return known ? lastKnown : refreshing;
  };
}
