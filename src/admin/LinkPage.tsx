import type { Report } from "../lib/report";
import type { BuilderChoices, FormErrors, LinkFigures, LinkFormValues, ShortLinkRecord } from "../lib/short-links";
import { AdminDocument } from "./AdminDocument";
import { LinkForm } from "./LinkForm";
import { formatCount, formatMoney } from "./report-format";

/** The short address to share, its QR code and its downloads. */
function ShareBox({ link, shortUrl }: { link: ShortLinkRecord; shortUrl: string }) {
  return (
    <div className="card mb-4">
      <div className="card-body d-flex flex-wrap gap-4 align-items-start">
        <img src={`/admin/links/${link.id}/qr.svg`} alt={`QR code of ${shortUrl}`} width={160} height={160} className="border bg-white" />
        <div className="vstack gap-2 flex-grow-1">
          <label htmlFor="short-url" className="form-label mb-0 fw-semibold">
            Short link to share
          </label>
          <input id="short-url" type="text" readOnly className="form-control font-monospace" value={shortUrl} />
          <div className="d-flex flex-wrap gap-2">
            <a className="btn btn-secondary" href={`/admin/links/${link.id}/qr.png`} download={`dealpilot-${link.slug}.png`}>
              Download QR code (PNG)
            </a>
            <a className="btn btn-secondary" href={`/admin/links/${link.id}/qr.svg`} download={`dealpilot-${link.slug}.svg`}>
              Download QR code (SVG)
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The link's figures for the last days. */
function LinkSummary({ figures, days }: { figures: LinkFigures; days: string }) {
  const revenue = Object.entries(figures.revenue).filter(([, amount]) => amount !== 0);
  return (
    <p className="text-body-secondary">
      {days}: {formatCount(figures.visits)} clicks ({formatCount(figures.unique_visits)} unique), {formatCount(figures.clicks)} clicks out,{" "}
      {formatCount(figures.conversions)} conversions
      {revenue.length > 0 ? `, ${revenue.map(([currency, amount]) => formatMoney(amount, currency)).join(" + ")}` : ""}.
    </p>
  );
}

/** /admin/links/{id}: share the link (address, QR code), change it, or delete it for good. */
export function LinkPage({
  link,
  shortUrl,
  figures,
  days,
  viewer,
  form,
  choices,
  saved,
  nonce,
}: {
  link: ShortLinkRecord;
  shortUrl: string;
  figures: LinkFigures;
  days: string;
  viewer: Report["viewer"];
  form: { values: LinkFormValues; errors: FormErrors };
  choices: BuilderChoices;
  saved: boolean;
  nonce?: string;
}) {
  return (
    <AdminDocument title={`/l/${link.slug}`} viewer={viewer} nonce={nonce}>
      <p className="mb-2">
        <a href="/admin/links">All links</a>
      </p>
      <h1 className="h3 mb-2 text-break">/l/{link.slug}</h1>
      {saved && (
        <div className="alert alert-success" role="status">
          Saved. Visitors get the change within seconds.
        </div>
      )}
      <LinkSummary figures={figures} days={days} />
      <ShareBox link={link} shortUrl={shortUrl} />
      <h2 className="h5">Change this link</h2>
      <p className="small text-body-secondary">Its slug never changes. Pause it, or give it an end, to stop it without losing its figures.</p>
      <LinkForm action={`/admin/links/${link.id}`} isNew={false} values={form.values} errors={form.errors} choices={choices} />
      <h2 className="h5 mt-5">Delete</h2>
      <form method="post" action={`/admin/links/${link.id}/delete`} className="d-flex flex-wrap gap-2 align-items-center">
        <span className="small">The address then answers "removed" for good, and its slug is never given out again.</span>
        <button type="submit" className="btn btn-outline-danger">
          Delete /l/{link.slug}
        </button>
      </form>
    </AdminDocument>
  );
}
