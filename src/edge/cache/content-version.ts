/**
 * The content version (docs/decisions/022): a number PocketBase raises whenever a record the
 * site shows is created, changed or deleted (pocketbase/pb_hooks/content.pb.js).
 * Every stored page and content read carries the version it was built under; a copy older
 * than the version the Worker knows is rebuilt before it is served again (cache.ts,
 * page-cache.ts). The Worker learns a new version about `contentVersionTtl` late at most:
 * a location reads it from PocketBase once per interval into a copy its isolates share,
 * and an isolate trusts what it read until that copy's interval ends. While PocketBase
 * cannot answer, the last version known stands, so cached copies keep being served.
 */
import type { Config } from "../../env";
import { Leases } from "./leases";

export const CONTENT_VERSION_PATH = "/api/collections/_zsys_content_version/records/contentversion1?fields=version";

/** How long a version read may take before the last known version is used instead. */
const READ_TIMEOUT_MS = 2_000;
/** How long a request waits for a due version check before using the version known. */
const CHECK_WAIT_MS = 300;
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
 * The version this isolate knows, when that knowledge was read from PocketBase (a location's
 * copy keeps its own reading time, so an isolate never trusts it longer than the location
 * does), and whether the last check failed. Module-scoped on purpose, like the read cache's
 * held copies: one number about the content, the same for every request, never anything
 * about a visitor. `checks` lets a check under way stand for the others: only its start is
 * shared, never its promise (a request cannot wait on another request's I/O in workerd:
 * docs/decisions/070), and a check whose request ended before it settled is taken for lost
 * after CHECK_LEASE_MS.
 */
let known: { version: number | null; readAt: number; failed: boolean } | undefined;
/** Longer than a check may take (READ_TIMEOUT_MS, after the location's copy is looked up). */
const CHECK_LEASE_MS = READ_TIMEOUT_MS + 1_000;
const checks = new Leases(CHECK_LEASE_MS);

const newer = (a: number | null, b: number | null | undefined): number | null => (b == null ? a : a === null ? b : Math.max(a, b));

function locationKey(config: Config): string {
  return `${config.siteOrigin}/_edge-cache/_content-version`;
}

/** The location's copy if fresh, else PocketBase's answer (stored for the location); on
 * failure the location's copy however old, else what the isolate knew. */
async function readVersion(config: Config, deps: VersionDeps, lastKnown: number | null): Promise<NonNullable<typeof known>> {
  const stored = await deps.cache.match(locationKey(config));
  const kept = stored ? ((await stored.json()) as KeptVersion) : undefined;
  if (kept && Date.now() - kept.readAt < config.contentVersionTtl * 1000)
    return { version: newer(kept.version, lastKnown), readAt: kept.readAt, failed: false };
  try {
    const response = await fetch(`${config.pocketbaseUrl}${CONTENT_VERSION_PATH}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`PocketBase answered ${response.status}`);
    const { version } = (await response.json()) as { version?: unknown };
    if (typeof version !== "number" || !Number.isFinite(version)) throw new Error("no version in the answer");
    const copy: KeptVersion = { version, readAt: Date.now() };
    await deps.cache.put(locationKey(config), Response.json(copy, { headers: { "Cache-Control": `public, max-age=${KEEP_S}` } }));
    return { version: newer(version, lastKnown), readAt: copy.readAt, failed: false };
  } catch (error) {
    console.warn("content version: using the last known one", String(error));
    return { version: newer(lastKnown, kept?.version), readAt: Date.now(), failed: true };
  }
}

/**
 * This request's view of the content version. An isolate's first requests each wait for a
 * check of their own. Later, a request finding the check due starts one unless another
 * request's is under way, and waits for its own at most CHECK_WAIT_MS (so the first visitor
 * after a quiet spell does not get a copy an edit made outdated), and not at all while the
 * previous check failed: a slow or stopped PocketBase never holds up cached pages.
 */
export function contentVersionSource(config: Config, deps: VersionDeps): ContentVersion {
  /** A check from PocketBase (or the location's copy), released when it ends, if leased. */
  const check = (release?: () => void): Promise<number | null> => {
    const last = known?.version ?? null;
    const checked = readVersion(config, deps, last)
      .catch(() => ({ version: last, readAt: Date.now(), failed: true }))
      .then((result) => {
        // Checks may overlap (an isolate's first requests): the version never goes back.
        known = { ...result, version: newer(result.version, known?.version) };
        return known.version;
      })
      .finally(() => release?.());
    deps.waitUntil(checked);
    return checked;
  };
  return async () => {
    if (known && Date.now() - known.readAt < config.contentVersionTtl * 1000) return known.version;
    const last = known;
    if (!last) return check();
    const release = checks.take("version", Date.now());
    if (!release) return last.version;
    const checked = check(release);
    if (last.failed) return last.version;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<number | null>((resolve) => (timer = setTimeout(() => resolve(last.version), CHECK_WAIT_MS)));
    const version = await Promise.race([checked, late]);
    clearTimeout(timer);
    return version;
  };
}
