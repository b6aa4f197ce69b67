import { CONSENT_BANNER_ID, CONSENT_FIELD, CONSENT_PATH, type ConsentChoice, consentChoice, parseConsent } from "../src/lib/consent";

/** Where the visitor stands (src/lib/consent.ts), as the page can tell: their choice, else
 * "asked" while the Worker's consent choice is in the page (it adds it for visitors it asks,
 * src/edge/pages/visitor-page.ts), else "not-asked". */
export type BrowserConsent = ConsentChoice | "asked" | "not-asked";

export function browserConsent(): BrowserConsent {
  return consentChoice(document.cookie) ?? (document.getElementById(CONSENT_BANNER_ID) ? "asked" : "not-asked");
}

/**
 * Takes over the consent choice's form: the choice is posted with fetch (the Worker keeps it
 * in its cookie and answers 204), the choice leaves the page, and `onChoice` runs. If the
 * post fails, the form is submitted as without JavaScript.
 */
export function takeConsentChoice(onChoice: (choice: ConsentChoice) => void): void {
  const banner = document.getElementById(CONSENT_BANNER_ID);
  const form = banner?.querySelector("form");
  if (!banner || !form) return;
  form.addEventListener("submit", (event) => {
    const submitter = event.submitter as HTMLButtonElement | null;
    const choice = parseConsent(submitter?.value);
    if (!choice) return;
    event.preventDefault();
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.set(name, value);
    body.set(CONSENT_FIELD, choice);
    fetch(CONSENT_PATH, { method: "POST", headers: { Accept: "application/json" }, body })
      .then((response) => {
        if (!response.ok) throw new Error(`consent not saved: ${response.status}`);
        banner.remove();
        onChoice(choice);
      })
      .catch((error: unknown) => {
        console.error(error);
        form.submit();
      });
  });
}
