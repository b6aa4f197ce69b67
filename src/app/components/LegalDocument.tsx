import type { ReactNode } from "react";
import { useRootData } from "../root-data";
import { PageMeta } from "./PageMeta";
import { AppLink } from "./AppLink";

/** The company that operates the site, as the legal pages name it. */
export const OPERATOR = "DealPilot FZ-LLC";

/** The one version of the legal texts: they are reviewed, and dated, together (issue 51:
 * pages dated 2024 and 2025 beside a 2026 copyright read as neglected). Change it with any text. */
export const LEGAL_TEXTS_UPDATED = { iso: "2026-11-28", text: "28 November 2026" } as const;

export interface LegalSection {
  /** Anchor id, linked from the table of contents (lowercase words joined by hyphens). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  description: string;
  keywords: string;
  /** Paragraphs before the first section. */
  intro?: ReactNode;
  sections: LegalSection[];
  /** The date of a page in this layout that is not a legal text (issue 53's method pages); the
   * legal texts' version by default. */
  updated?: { iso: string; text: string };
}

/** The shared layout of the legal pages: title, date of the texts' current version, a table of
 * contents linking each section's anchor, and the numbered sections. */
export function LegalDocument({ title, description, keywords, intro, sections, updated = LEGAL_TEXTS_UPDATED }: LegalDocumentProps) {
  return (
    <main className="container py-5 legal-document">
      <PageMeta title={title} description={description} keywords={keywords} />
      <header className="mb-4 pb-3 border-bottom">
        <h1 className="display-6 fw-bold mb-2">{title}</h1>
        <p className="text-body-secondary mb-0">
          Last updated: <time dateTime={updated.iso}>{updated.text}</time>
        </p>
      </header>
      <div className="row g-4 g-lg-5">
        <nav className="col-lg-4 col-xl-3" aria-labelledby="legal-contents">
          <div className="legal-toc">
            <div className="bg-body-tertiary rounded-3 p-3">
              <h2 id="legal-contents" className="h6 text-uppercase text-body-secondary mb-3">
                Contents
              </h2>
              <ol className="small mb-0 ps-3">
                {sections.map((section) => (
                  <li className="mb-1" key={section.id}>
                    <a className="link-body-emphasis link-underline-opacity-25 link-underline-opacity-100-hover" href={`#${section.id}`}>
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </nav>
        <article className="col-lg-8 col-xl-8">
          {intro && <div className="mb-4">{intro}</div>}
          {sections.map((section, index) => (
            <section className="mb-5" id={section.id} key={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 className="h4 mb-3" id={`${section.id}-heading`}>
                {`${index + 1}. ${section.title}`}
              </h2>
              {section.content}
            </section>
          ))}
        </article>
      </div>
    </main>
  );
}

/** The support address from the site settings, as a mail link (the contact page when unset). */
export function SupportEmail() {
  const { supportEmail } = useRootData().site;
  if (!supportEmail) return <AppLink to="/contact-us">our contact page</AppLink>;
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

/** "DealPilot FZ-LLC, a company registered in the United Arab Emirates[, office address]". */
export function OperatorIdentity() {
  const { address } = useRootData().site.office;
  return (
    <>
      <strong>{OPERATOR}</strong>, a company registered in the United Arab Emirates{address ? `, with its office at ${address}` : ""}
    </>
  );
}

/** A table of a legal text: the first cell of each row is its header. */
export function LegalTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than the screen (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for the keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    // biome-ignore lint/a11y/useSemanticElements: a scroll box inside a legal text's section: a named <section> would be the same region, but this site's <section>s are a page's top-level parts, which the worker tests slice up to their </section>; a nested one would cut them short
    <div className="table-responsive" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-bordered align-middle legal-table">
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed table written in the source, never reordered; its cells are elements, not keys
            <tr key={i}>
              <th scope="row">{head}</th>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's column is its identity
                <td key={j} data-label={columns[j + 1]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
