import { useId, useState } from "react";
import { truncateWords } from "../../../lib/text";

/** Spec: on small screens the summary is cut to 20 words, with 'show more' / 'show less'
 * offered only when it has more than 30 words. Wider screens always show all of it. */
const SUMMARY_TOGGLE_ABOVE_WORDS = 30;
const SUMMARY_COLLAPSED_WORDS = 20;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function AdvertorialSummary({ html, text }: { html: string; text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the advertorial's summary, CMS HTML passed through sanitizeHtml (src/data/sanitize.ts) in src/data/advertorials.ts
  const full = <div dangerouslySetInnerHTML={{ __html: html }} />;
  if (wordCount(text) <= SUMMARY_TOGGLE_ABOVE_WORDS) return <div className="lead mb-4 advertorial-summary">{full}</div>;
  return (
    <div className="lead mb-4 advertorial-summary">
      <div className="d-none d-md-block">{full}</div>
      <div className="d-md-none">
        <div id={id}>{expanded ? full : <p>{truncateWords(text, SUMMARY_COLLAPSED_WORDS)}</p>}</div>
        <button type="button" className="btn btn-link p-0 align-baseline" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded ? "show less" : "show more"}
        </button>
      </div>
    </div>
  );
}
