import type { Context } from "hono";
import { newClickId } from "../../lib/click-id";
import { isRecordId } from "../../lib/offer-feedback";
import { codePagePath, REVEALED_OFFER_FIELD } from "../../lib/outbound";
import type { AppEnv } from "../app-env";
import { enqueueEvent } from "./messages";
import { isVisitorAction, outboundEvent, visitorContext } from "./outbound-events";
import { type LinkedRecords, partnerLinks } from "./partner-links";
import { fromThisSite } from "../posts/visitor-post";

/** A reveal names one partner URL; anything much larger is not ours. */
export const REVEAL_MAX_BODY_BYTES = 4 * 1024;

/**
 * POST /events/reveal (REVEAL_PATH; form field `url`: the offer's or product's partner URL as written):
 * a coupon code was shown. The card sends it with navigator.sendBeacon; it becomes an
 * outbound event of kind "reveal" through the events queue, under the same rules as a click
 * (docs/decisions/033-events-through-a-queue.md). 204 once queued; 4xx for anything that is
 * not a reveal of a code on this site, and nothing is queued then.
 *
 * Without JavaScript the card's reveal button submits the same form with the offer's id
 * (REVEALED_OFFER_FIELD): the answer is then a 303 to the page showing that code, which the
 * visitor gets even when the event could not be queued (the failure is logged).
 */
export async function reveal(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  if (!fromThisSite(c)) return c.text("Reveals are accepted from this site only.", 403);
  if (!(c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) return c.text("Send the form field url.", 415);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const { url } = form;
  if (typeof url !== "string" || url === "" || url.length > 2000) return c.text("Send the form field url.", 400);
  const shown = form[REVEALED_OFFER_FIELD];
  if (shown !== undefined && (typeof shown !== "string" || !isRecordId(shown))) return c.text("offer must be an offer's id.", 400);
  const answer = (queued: boolean) =>
    shown ? c.redirect(codePagePath(shown), 303) : queued ? c.body(null, 204) : c.text("We could not record this just now.", 503);

  let linked: LinkedRecords | undefined;
  try {
    const links = await partnerLinks(c);
    linked = links.recordsOf(url);
  } catch (err) {
    console.error("partner link index unavailable", err);
    return answer(false);
  }
  if (!linked || (!linked.offer && !linked.product)) return c.text("This is not the link of an offer or product here.", 400);
  if (!isVisitorAction(c)) return answer(true);
  const event = await outboundEvent(c, visitorContext(c), { clickId: newClickId(), kind: "reveal", url, targetHost: new URL(url).hostname, linked });
  return answer(await enqueueEvent(c, event));
}
