import { type Context, Hono } from "hono";
import type { ImportsView } from "../../admin/ImportsPage";
import type { Config } from "../../env";
import { renderAdminMessage, renderImports } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { startImport } from "../feeds/start-imports";
import { limitBody } from "../middleware/body-limit";
import { fromThisSite } from "../posts/visitor-post";
import { asService, ORIGIN_TIMEOUT_MS } from "../service-account";
import { requireSession } from "./session";

/**
 * The feed imports' admin (docs/feeds.md): /admin/imports lists the runs and the advertisers
 * waiting for a store, `POST /admin/imports/run` with `network={id}` starts a run now, and
 * `POST /admin/imports/map` gives an advertiser its store. For editors signed in at
 * /admin/sign-in (requireSession, session.ts); mapping is written with the editor's own
 * token, so PocketBase's rules decide.
 */

export const imports = new Hono<AppEnv>();

const FORM_MAX_BYTES = 2 * 1024;

imports.use("/admin/imports/*", noStore);
imports.use("/admin/imports", noStore);

async function noStore(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  await next();
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
}

async function read<T>(config: Config, token: string, path: string): Promise<T> {
  const response = await fetch(`${config.pocketbaseUrl}${path}`, {
    headers: { Authorization: token, Accept: "application/json" },
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`imports: ${path.split("?")[0]} answered ${response.status}`);
  return (await response.json()) as T;
}

async function networks(config: Config): Promise<ImportsView["networks"]> {
  if (!config.service) return [];
  const query = new URLSearchParams({ filter: 'feed_kind != ""', fields: "id,name,feed_kind", sort: "name", perPage: "200", skipTotal: "1" });
  const response = await asService(config, config.service, `/api/collections/affiliate_networks/records?${query}`, { method: "GET" });
  if (!response.ok) throw new Error(`imports: networks answered ${response.status}`);
  return ((await response.json()) as { items: ImportsView["networks"] }).items;
}

const NOTICES: Record<string, string> = {
  started: "The import has started: it appears below while it runs.",
  running: "An import of that network is running already.",
  mapped: "The advertiser has its store: its waiting promotions are offers now.",
};

imports.get("/admin/imports", requireSession(["editors"]), async (c) => {
  const nonce = c.var.cspNonce;
  const { config } = c.var;
  try {
    const { token } = c.var.session;
    const runs = new URLSearchParams({ sort: "-started", perPage: "50", skipTotal: "1" });
    const waiting = new URLSearchParams({ filter: 'store = "" && waiting > 0', sort: "-waiting", perPage: "200", skipTotal: "1" });
    const stores = new URLSearchParams({ fields: "id,title", sort: "title", perPage: "500", skipTotal: "1" });
    const [runList, waitingList, storeList, networkList] = await Promise.all([
      read<{ items: ImportsView["runs"] }>(config, token, `/api/collections/import_runs/records?${runs}`),
      read<{ items: ImportsView["waiting"] }>(config, token, `/api/collections/network_advertisers/records?${waiting}`),
      read<{ items: ImportsView["stores"] }>(config, token, `/api/collections/_zdata_stores/records?${stores}`),
      networks(config),
    ]);
    const notice = NOTICES[c.req.query("done") ?? ""];
    return renderImports({ view: { runs: runList.items, waiting: waitingList.items, stores: storeList.items, networks: networkList, notice }, nonce });
  } catch (err) {
    console.error("imports page", err);
    return renderAdminMessage({ title: "Imports unavailable", message: "PocketBase does not answer. Please try again in a minute.", nonce }, 503);
  }
});

imports.post("/admin/imports/run", limitBody(FORM_MAX_BYTES), requireSession(["editors"]), async (c) => {
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  const { config } = c.var;
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const id = typeof form.network === "string" ? form.network : "";
  const network = (await networks(config)).find((n) => n.id === id);
  if (!network) return renderAdminMessage({ title: "No such network", message: "Choose a network with a feed.", nonce: c.var.cspNonce }, 400);
  if (!config.service || !c.env.FEEDS)
    return renderAdminMessage({ title: "Imports are off", message: "The Worker's service account or its FEEDS queue is not set.", nonce: c.var.cspNonce }, 503);
  const run = await startImport({ config, service: config.service }, c.env.FEEDS, network.id, network.feed_kind, "editor");
  return c.redirect(`/admin/imports?done=${run ? "started" : "running"}`, 303);
});

imports.post("/admin/imports/map", limitBody(FORM_MAX_BYTES), requireSession(["editors"]), async (c) => {
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  const { token } = c.var.session;
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const advertiser = typeof form.advertiser === "string" && /^[a-z0-9]{15}$/.test(form.advertiser) ? form.advertiser : "";
  const store = typeof form.store === "string" && /^[a-z0-9]{15}$/.test(form.store) ? form.store : "";
  if (!advertiser || !store) return renderAdminMessage({ title: "Nothing mapped", message: "Choose a store for the advertiser.", nonce: c.var.cspNonce }, 400);
  const response = await fetch(`${c.var.config.pocketbaseUrl}/api/collections/network_advertisers/records/${advertiser}`, {
    method: "PATCH",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ store }),
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS * 3),
  });
  if (!response.ok) {
    console.error(`map advertiser: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
    return renderAdminMessage({ title: "Not mapped", message: "PocketBase did not take that store for this advertiser.", nonce: c.var.cspNonce }, 400);
  }
  await response.body?.cancel();
  return c.redirect("/admin/imports?done=mapped", 303);
});
