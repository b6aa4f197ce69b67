import { type Context, Hono } from "hono";
import type { ImportsView } from "../../admin/ImportsPage";
import type { Config } from "../../env";
import { renderAdminMessage, renderImports } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { readCsvPage } from "../feeds/csv-pages";
import { GENERIC_CSV_COLUMNS, GENERIC_CSV_REQUIRED, genericCsvRow } from "../feeds/csv";
import { OriginError } from "../feeds/import-runs";
import { FeedError } from "../feeds/network-fetch";
import { startImport } from "../feeds/start-imports";
import { LIMITS } from "../../lib/rules";
import { limitBody } from "../middleware/body-limit";
import { fromThisSite } from "../posts/visitor-post";
import { asService, ORIGIN_TIMEOUT_MS } from "../service-account";
import { requireSession } from "./session";

/**
 * The feed imports' admin (docs/feeds.md): /admin/imports lists the runs and the advertisers
 * waiting for a store, `POST /admin/imports/run` with `network={id}` starts a run now,
 * `POST /admin/imports/upload` imports an editor's CSV file (the generic column map) as a run
 * of the network it names, and `POST /admin/imports/map` gives an advertiser its store. For
 * editors signed in at /admin/sign-in (requireSession, session.ts); mapping is written with
 * the editor's own token, so PocketBase's rules decide.
 */

export const imports = new Hono<AppEnv>();

const FORM_MAX_BYTES = 2 * 1024;
/** An upload's form: the file, and room for the network's id and the multipart framing. */
const UPLOAD_FORM_MAX_BYTES = LIMITS.feed_upload_bytes + 16 * 1024;

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

/** Every network: those with a feed can run now, and an upload may be from any of them. */
async function networks(config: Config): Promise<ImportsView["networks"]> {
  if (!config.service) return [];
  const query = new URLSearchParams({ fields: "id,name,feed_kind", sort: "name", perPage: "500", skipTotal: "1" });
  const response = await asService(config, config.service, `/api/collections/affiliate_networks/records?${query}`, { method: "GET" });
  if (!response.ok) throw new Error(`imports: networks answered ${response.status}`);
  return ((await response.json()) as { items: ImportsView["networks"] }).items;
}

const NOTICES: Record<string, string> = {
  started: "The import has started: it appears below while it runs.",
  running: "An import of that network is running already.",
  mapped: "The advertiser has its store: its waiting promotions are offers now.",
  uploaded: "The file is being imported: its run appears below while it runs.",
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
    const upload = { columns: GENERIC_CSV_COLUMNS, required: GENERIC_CSV_REQUIRED, maxMiB: LIMITS.feed_upload_bytes / 1048576 };
    return renderImports({ view: { runs: runList.items, waiting: waitingList.items, stores: storeList.items, networks: networkList, upload, notice }, nonce });
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
  const network = (await networks(config)).find((n) => n.id === id && n.feed_kind);
  if (!network) return renderAdminMessage({ title: "No such network", message: "Choose a network with a feed.", nonce: c.var.cspNonce }, 400);
  if (!config.service || !c.env.FEEDS)
    return renderAdminMessage({ title: "Imports are off", message: "The Worker's service account or its FEEDS queue is not set.", nonce: c.var.cspNonce }, 503);
  const run = await startImport({ config, service: config.service }, c.env.FEEDS, network.id, network.feed_kind, "editor");
  return c.redirect(`/admin/imports?done=${run ? "started" : "running"}`, 303);
});

/**
 * What keeps an uploaded file from being imported, read as the import reads it (csv-pages.ts):
 * not UTF-8, not CSV, a required column missing, no row. Null when it can be imported.
 */
async function uploadProblem(file: File): Promise<string | null> {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.";
  }
  let page: Awaited<ReturnType<typeof readCsvPage>>;
  try {
    page = await readCsvPage(file.stream(), { offset: 0, header: [] }, 0, "The file", genericCsvRow);
  } catch (err) {
    if (err instanceof FeedError) return `${err.message}.`;
    throw err;
  }
  const missing = GENERIC_CSV_REQUIRED.filter((column) => !page.header.includes(column));
  if (missing.length > 0) return `The header row lacks ${missing.join(", ")}: name the columns as the column map says.`;
  if (page.rows.length === 0) return "The file has no rows under its header.";
  return null;
}

imports.post("/admin/imports/upload", limitBody(UPLOAD_FORM_MAX_BYTES), requireSession(["editors"]), async (c) => {
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  const { config } = c.var;
  const nonce = c.var.cspNonce;
  const refuse = (message: string, status: 400 | 413 = 400) => renderAdminMessage({ title: "Nothing imported", message, nonce }, status);
  const form = await c.req.parseBody().catch(() => null);
  if (!form) return refuse("The upload could not be read: send it with the form at /admin/imports.");
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to upload.");
  if (file.size > LIMITS.feed_upload_bytes) return refuse(`The file is larger than ${LIMITS.feed_upload_bytes / 1048576} MiB: split it in parts.`, 413);
  const network = (await networks(config)).find((n) => n.id === form.network);
  if (!network) return refuse("Choose the network the promotions are from.");
  const problem = await uploadProblem(file);
  if (problem) return refuse(problem);
  if (!config.service || !c.env.FEEDS)
    return renderAdminMessage({ title: "Imports are off", message: "The Worker's service account or its FEEDS queue is not set.", nonce }, 503);
  let run: string | null;
  try {
    run = await startImport({ config, service: config.service }, c.env.FEEDS, network.id, network.feed_kind, "upload", file);
  } catch (err) {
    if (!(err instanceof OriginError)) throw err;
    console.error("upload", err);
    return renderAdminMessage({ title: "Nothing imported", message: "PocketBase did not take the file. Please try again in a minute.", nonce }, 502);
  }
  return c.redirect(`/admin/imports?done=${run ? "uploaded" : "running"}`, 303);
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
