/**
 * The values of a network's postback (GET /postback/{token}, or a form POST), checked
 * (docs/reports.md). Names and shapes are those the big networks send: the click id under
 * any of the names their sub-id slots use, a decimal payout, an ISO 4217 currency.
 */

import { CURRENCIES } from "../../pocketbase/pb_hooks/currencies.js";
import { CONVERSION_STATUSES, LIMITS } from "./rules";

/** The names networks give the click id they were handed, in the order they are looked at. */
export const CLICK_ID_NAMES = ["click_id", "clickid", "cid", "subid", "sub1", "clickref", "SubId1"] as const;

export const POSTBACK_STATUSES = CONVERSION_STATUSES;
export type PostbackStatus = (typeof POSTBACK_STATUSES)[number];

export interface PostbackValues {
  clickId: string;
  txid: string;
  status: PostbackStatus;
  /** Null when the postback does not say (a status change): the conversion keeps its payout. */
  payout: number | null;
  currency: string;
  event: string;
}

export type PostbackParse = { ok: true; values: PostbackValues } | { ok: false; message: string };

/** Ids networks send: letters, digits and the URL-safe marks, at most as many as PocketBase
 * stores (pb_hooks/rules.js LIMITS). A macro the network left unfilled (`{clickid}`,
 * `[payout]`, `#sid#`) is not one. */
const idPattern = (max: number) => new RegExp(`^[A-Za-z0-9._~:@|+-]{1,${max}}$`);
const CLICK_ID = idPattern(LIMITS.click_id);
const TXID = idPattern(LIMITS.txid);
const PAYOUT = /^-?\d{1,12}(\.\d{1,6})?$/;
const EVENT = new RegExp(`^[A-Za-z0-9 ._~:@|+-]{0,${LIMITS.event}}$`);
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(CURRENCIES);

/**
 * The one value of `names` in `params`, names compared in any case (networks write
 * `clickRef` or `clickref`, `SubId1` or `subid1`): several names, or one name several
 * times, must agree. Returns undefined when none is given, null when they disagree.
 */
function single(params: ReadonlyArray<readonly [string, string]>, names: readonly string[]): string | undefined | null {
  const wanted = names.map((name) => name.toLowerCase());
  let found: string | undefined;
  for (const [name, raw] of params) {
    if (!wanted.includes(name.toLowerCase())) continue;
    const value = raw.trim();
    if (value === "") continue;
    if (found !== undefined && found !== value) return null;
    found = value;
  }
  return found;
}

export function parsePostback(params: ReadonlyArray<readonly [string, string]>): PostbackParse {
  const fail = (message: string): PostbackParse => ({ ok: false, message });
  const clickId = single(params, CLICK_ID_NAMES);
  if (clickId === null) return fail("The click id is given twice, with different values.");
  if (clickId === undefined) return fail(`A click id is required (${CLICK_ID_NAMES.join(", ")}).`);
  if (!CLICK_ID.test(clickId)) return fail(`The click id is malformed: 1 to ${LIMITS.click_id} letters, digits or -._~:@|+ expected.`);

  const txid = single(params, ["txid"]);
  if (txid === null) return fail("txid is given twice, with different values.");
  if (txid !== undefined && !TXID.test(txid)) return fail(`txid is malformed: 1 to ${LIMITS.txid} letters, digits or -._~:@|+ expected.`);

  const status = single(params, ["status"]);
  if (status === null) return fail("status is given twice, with different values.");
  const lower = (status ?? "approved").toLowerCase();
  if (!(POSTBACK_STATUSES as readonly string[]).includes(lower)) return fail(`status must be one of ${POSTBACK_STATUSES.join(", ")}.`);

  const payout = single(params, ["payout"]);
  if (payout === null) return fail("payout is given twice, with different values.");
  if (payout !== undefined && !PAYOUT.test(payout)) return fail("payout must be a decimal number, such as 12.50.");

  const currency = single(params, ["currency"]);
  if (currency === null) return fail("currency is given twice, with different values.");
  const code = (currency ?? "USD").toUpperCase();
  if (!KNOWN_CURRENCIES.has(code)) return fail("currency must be an ISO 4217 code, such as USD or EUR.");

  const event = single(params, ["event"]);
  if (event === null) return fail("event is given twice, with different values.");
  if (event !== undefined && !EVENT.test(event)) return fail(`event is malformed: up to ${LIMITS.event} letters, digits, spaces or -._~:@|+ expected.`);

  return {
    ok: true,
    values: {
      clickId,
      txid: txid ?? clickId,
      status: lower as PostbackStatus,
      payout: payout === undefined ? null : Number(payout),
      currency: code,
      event: event ?? "",
    },
  };
}
