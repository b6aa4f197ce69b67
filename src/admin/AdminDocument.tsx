import type { ReactNode } from "react";
import admin from "../../public/build/admin.json";
import built from "../../public/build/assets.json";
import { PREPAINT_THEME_SCRIPT } from "../app/theme";
import type { Report } from "../lib/report";

/**
 * The document of the reports' pages (/admin): rendered on the server only, never hydrated,
 * never cached or indexed, with a stylesheet of its own (client/admin/admin.css) and, on
 * the report, the chart's script. Nothing here is linked from public pages.
 */
export function AdminDocument({
  title,
  viewer,
  chart,
  nonce,
  children,
}: {
  title: string;
  viewer?: Report["viewer"];
  /** Whether the page carries the chart (and so its script). */
  chart?: boolean;
  nonce?: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (src/app/theme.ts), no content, allowed by its hash in the Content-Security-Policy */}
        <script dangerouslySetInnerHTML={{ __html: PREPAINT_THEME_SCRIPT }} />
        <title>{`${title} · DealPilot reports`}</title>
        <link rel="icon" href={built.favicon} type="image/svg+xml" />
        <link rel="stylesheet" href={admin.css} />
      </head>
      <body>
        <header className="border-bottom bg-body-tertiary">
          <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
            <span className="fw-semibold me-auto">DealPilot reports</span>
            {viewer && (
              <>
                <nav aria-label="Marketers' pages" className="d-flex gap-3">
                  <a href="/admin/reports" className="link-body-emphasis">
                    Report
                  </a>
                  <a href="/admin/links" className="link-body-emphasis">
                    Links
                  </a>
                </nav>
                <span className="small text-body-secondary text-break">
                  {viewer.email}
                  {viewer.role === "superuser" ? " (superuser)" : ""}
                </span>
                <form method="post" action="/admin/sign-out">
                  <button type="submit" className="btn btn-sm btn-secondary">
                    Sign out
                  </button>
                </form>
              </>
            )}
          </div>
        </header>
        <main className="container py-4">{children}</main>
        {chart && <script type="module" src={admin.js} nonce={nonce} />}
      </body>
    </html>
  );
}
