import { isValidEmail } from "../../lib/email";
import { parseSignUpStatus, type SignUpStatus } from "../../lib/newsletter";

/** Checks the address by the Worker's own rule (src/lib/email), then posts the form's fields
 * to `action` with fetch; loaded on the first submit, not with every page. */
export async function signUp(action: string, fields: { email: string; return_to: string; consent: string }): Promise<SignUpStatus> {
  if (!isValidEmail(fields.email)) return "invalid";
  try {
    const response = await fetch(action, { method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams(fields) });
    const answer = (await response.json()) as { status?: string };
    return parseSignUpStatus(answer.status) ?? "unavailable";
  } catch {
    return "unavailable";
  }
}
