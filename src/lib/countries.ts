/**
 * Countries (issue 36). Offers may be limited to some countries (`countries`, ISO 3166-1
 * alpha-2; empty means worldwide). A visitor's country is a code from this list or null,
 * unknown, which is the worldwide view: every offer offered. The same codes are the values
 * of the admin UI's multi-select (pocketbase/pb_migrations/1767226900_offer_countries.js).
 * The browser's bundle needs them, so they are kept here rather than read from
 * pocketbase/pb_hooks/rules.js; test/unit/rules.test.ts holds the two equal.
 */
export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const KNOWN = new Set(COUNTRY_CODES);

/** `value` as a country code of the list (any case), else null: unknown. Cloudflare's `XX`
 * (no data) and `T1` (Tor) are not in the list, so they are unknown too. */
export function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? "";
  return KNOWN.has(code) ? code : null;
}
