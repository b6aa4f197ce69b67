import { CopyButton } from "../../components/CopyButton";

/** A fenced code block of an article, with its language and a Copy button. */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  return (
    <figure className="code-block border rounded mb-4">
      <figcaption className="d-flex justify-content-between align-items-center px-3 py-1 border-bottom bg-body-tertiary small text-body-secondary">
        <span>{language || "Code"}</span>
        <CopyButton text={code} label={`Copy ${language ? `${language} ` : ""}code`} />
      </figcaption>
      {/* Focusable so a keyboard can scroll a long line into view. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be focusable for the keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <pre className="mb-0 p-3" tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </figure>
  );
}
