/** Longest address accepted (the practical limit of a forward path, RFC 5321 errata). */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// The browser's own `type="email"` rule (HTML Living Standard, "valid e-mail address"),
// tightened in two places: the domain needs at least one dot, and the local part may not
// begin or end with a dot or contain two in a row (PocketBase's email field rejects those).
// ASCII only, like the browser's rule: international domains arrive as punycode.
const LOCAL = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

/**
 * The newsletter's address rule, shared by the form (before sending) and the Worker (which
 * decides): trimmed, at most 254 characters, one @, a domain with a dot, no spaces.
 * Returns the address normalised to lower case, or null when it is not acceptable.
 */
export function normaliseEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = input.trim();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  if (!EMAIL_PATTERN.test(email)) return null;
  if (email.indexOf("@") > LOCAL_PART_MAX_LENGTH) return null;
  return email.toLowerCase();
}

/** True when `normaliseEmail` accepts the input. */
export function isValidEmail(input: unknown): boolean {
  return normaliseEmail(input) !== null;
}
