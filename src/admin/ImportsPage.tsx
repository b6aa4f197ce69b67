import { AdminDocument } from "./AdminDocument";

/** What /admin/imports shows (src/edge/admin/imports.ts reads it). */
export interface ImportsView {
  networks: Array<{ id: string; name: string; feed_kind: string }>;
  runs: Array<{
    id: string;
    network: string;
    status: string;
    trigger: string;
    started: string;
    finished: string;
    pages: number;
    fetched: number;
    created: number;
    updated: number;
    unchanged: number;
    ended: number;
    held: number;
    skipped: number;
    errors: number;
    skip_reasons: Record<string, number> | null;
    error_log: Array<{ at: string; message: string }> | null;
  }>;
  waiting: Array<{ id: string; network: string; advertiser_id: string; advertiser_name: string; site_url: string; suggested_store: string; waiting: number }>;
  stores: Array<{ id: string; title: string }>;
  /** The generic CSV column map an upload is read with, and the size limit. */
  upload: { columns: readonly string[]; required: readonly string[]; maxMiB: number };
  notice?: string;
}

const when = (value: string) => (value ? `${value.slice(0, 16)} UTC` : "");

function RunRow({ run, network }: { run: ImportsView["runs"][number]; network: string }) {
  const reasons = Object.entries(run.skip_reasons ?? {})
    .map(([reason, n]) => `${reason}: ${n}`)
    .join("; ");
  const lastError = run.error_log?.at(-1)?.message ?? "";
  return (
    <tr data-run={run.id}>
      <td>{network}</td>
      <td>
        {run.status}
        {run.trigger === "upload" && " (upload)"}
      </td>
      <td className="text-nowrap">{when(run.started)}</td>
      <td className="text-nowrap">{when(run.finished)}</td>
      {[run.pages, run.fetched, run.created, run.updated, run.ended, run.held, run.skipped, run.errors].map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
        <td key={i} className="text-end">
          {n}
        </td>
      ))}
      <td className="small">{[reasons, lastError].filter(Boolean).join(" · ")}</td>
    </tr>
  );
}

/** /admin/imports: the feed imports' runs, the advertisers waiting for a store, and "run now". */
export function ImportsPage({ view, nonce }: { view: ImportsView; nonce?: string }) {
  const names = new Map(view.networks.map((n) => [n.id, n.name]));
  return (
    <AdminDocument title="Imports" nonce={nonce}>
      <h1 className="h3 mb-3">Feed imports</h1>
      {view.notice && (
        <div className="alert alert-info" role="status">
          {view.notice}
        </div>
      )}
      <form method="post" action="/admin/imports/run" className="d-flex flex-wrap gap-2 align-items-end mb-4">
        <div>
          <label htmlFor="network" className="form-label">
            Network
          </label>
          <select id="network" name="network" className="form-select" required>
            {view.networks
              .filter((n) => n.feed_kind)
              .map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name} ({n.feed_kind})
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Run now
        </button>
      </form>

      <h2 className="h5">Upload a CSV file</h2>
      <p className="small mb-2">
        One promotion a row, UTF-8, at most {view.upload.maxMiB} MiB, with a header row naming its columns:{" "}
        {view.upload.columns.map((column, i) => (
          <span key={column}>
            {i > 0 && ", "}
            <code>{column}</code>
            {view.upload.required.includes(column) && " (required)"}
          </span>
        ))}
        . Dates as <code>2031-05-31</code> (the whole day) or <code>2031-05-31T23:59:00+02:00</code>; countries as two-letter codes separated by spaces. It is
        imported as the network&apos;s promotions by the same rules as its feed, and ends none that it leaves out.
      </p>
      <form method="post" action="/admin/imports/upload" encType="multipart/form-data" className="d-flex flex-wrap gap-2 align-items-end mb-4">
        <div>
          <label htmlFor="upload-network" className="form-label">
            From network
          </label>
          <select id="upload-network" name="network" className="form-select" required>
            {view.networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="upload-file" className="form-label">
            CSV file
          </label>
          <input id="upload-file" name="file" type="file" accept=".csv,text/csv" className="form-control" required />
        </div>
        <button type="submit" className="btn btn-secondary">
          Upload
        </button>
      </form>

      <h2 className="h5">Advertisers waiting for a store</h2>
      {view.waiting.length === 0 ? (
        <p>None: every advertiser with promotions has a store.</p>
      ) : (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">Network</th>
              <th scope="col">Advertiser</th>
              <th scope="col">Site</th>
              <th scope="col" className="text-end">
                Promotions waiting
              </th>
              <th scope="col">Store</th>
            </tr>
          </thead>
          <tbody>
            {view.waiting.map((a) => (
              <tr key={a.id}>
                <td>{names.get(a.network) ?? a.network}</td>
                <td>
                  {a.advertiser_name} <span className="text-body-secondary">({a.advertiser_id})</span>
                </td>
                <td className="text-break small">{a.site_url}</td>
                <td className="text-end">{a.waiting}</td>
                <td>
                  <form method="post" action="/admin/imports/map" className="d-flex gap-2">
                    <input type="hidden" name="advertiser" value={a.id} />
                    <select
                      name="store"
                      className="form-select form-select-sm"
                      defaultValue={a.suggested_store}
                      aria-label={`Store for ${a.advertiser_name}`}
                      required
                    >
                      <option value="">Choose a store</option>
                      {view.stores.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.title}
                          {s.id === a.suggested_store ? " (suggested)" : ""}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="btn btn-sm btn-secondary">
                      Map
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="h5 mt-4">Runs</h2>
      <div className="table-responsive">
        <table className="table table-sm">
          <thead>
            <tr>
              {["Network", "Status", "Started", "Finished", "Pages", "Fetched", "Created", "Updated", "Ended", "Held", "Skipped", "Errors", "Reasons"].map(
                (h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {view.runs.map((run) => (
              <RunRow key={run.id} run={run} network={names.get(run.network) ?? run.network} />
            ))}
          </tbody>
        </table>
      </div>
    </AdminDocument>
  );
}
