import { COUNTRY_CODES as RULES_COUNTRY_CODES } from "./rules";

/**
 * Countries (issue 36). Offers may be limited to some countries (`countries`, ISO 3166-1
 * alpha-2; empty means worldwide). A visitor's country is a code from this list or null,
 * unknown, which is the worldwide view: every offer offered. The same codes are the values
 * of the admin UI's multi-select (pocketbase/pb_migrations/1767226900_offer_countries.js).
 * The list itself is pocketbase/pb_hooks/rules.js, which the hooks read too.
 */
export const COUNTRY_CODES: readonly string[] = RULES_COUNTRY_CODES;

const KNOWN = new Set(COUNTRY_CODES);

/** `value` as a country code of the list (any case), else null: unknown. Cloudflare's `XX`
 * (no data) and `T1` (Tor) are not in the list, so they are unknown too. */
export function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? "";
  return KNOWN.has(code) ? code : null;
}
