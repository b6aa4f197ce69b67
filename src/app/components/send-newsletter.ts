import { isValidEmail } from "../../lib/email";
import { parseNewsletterStatus, type NewsletterStatus } from "../../lib/newsletter";

/** Checks the address by the Worker's own rule (src/lib/email), then sends it with fetch;
 * loaded on the first submit, not with every page. */
export async function subscribe(email: string, returnTo: string): Promise<NewsletterStatus> {
  if (!isValidEmail(email)) return "invalid";
  try {
    const response = await fetch("/newsletter", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ email, return_to: returnTo }),
    });
    const answer = (await response.json()) as { status?: string };
    return parseNewsletterStatus(answer.status) ?? "unavailable";
  } catch {
    return "unavailable";
  }
}
