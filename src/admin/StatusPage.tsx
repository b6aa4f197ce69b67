import { AdminDocument } from "./AdminDocument";

/** One line of the status page: what is checked, how it stands, and what was found. */
export interface StatusRow {
  label: string;
  state: "ok" | "warning" | "problem" | "unknown";
  detail: string;
}

const BADGE: Record<StatusRow["state"], [string, string]> = {
  ok: ["text-bg-success", "OK"],
  warning: ["text-bg-warning", "Check"],
  problem: ["text-bg-danger", "Problem"],
  unknown: ["text-bg-secondary", "Unknown"],
};

/** /admin/status: the operator's view of the site's moving parts, for editors and marketers. */
export function StatusPage({ rows, checkedAt, note, nonce }: { rows: StatusRow[]; checkedAt: string; note?: string; nonce?: string }) {
  return (
    <AdminDocument title="Status" nonce={nonce}>
      <h1 className="h3 mb-3">Status</h1>
      <p className="text-body-secondary">
        Checked at <time dateTime={checkedAt}>{checkedAt.replace("T", " ").slice(0, 19)} UTC</time>. Reload to check again.
      </p>
      {note && (
        <div className="alert alert-warning" role="status">
          {note}
        </div>
      )}
      <table className="table align-middle">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} data-state={row.state}>
              <th scope="row">{row.label}</th>
              <td>
                <span className={`badge ${BADGE[row.state][0]}`}>{BADGE[row.state][1]}</span>
              </td>
              <td>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminDocument>
  );
}
