import { AdminDocument } from "./AdminDocument";

/** A plain answer on the reports' pages: a report that cannot be made, a limit reached. */
export function AdminMessage({ title, message, nonce }: { title: string; message: string; nonce?: string }) {
  return (
    <AdminDocument title={title} nonce={nonce}>
      <h1 className="h3 mb-3">{title}</h1>
      <p>{message}</p>
      <p>
        <a href="/admin/reports">Back to the report</a>
      </p>
    </AdminDocument>
  );
}
