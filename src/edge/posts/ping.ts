import type { Context } from "hono";
import { COLLECTIONS } from "../../data/collections";
import { hasOptedOut, requestPrivacySignals } from "../../lib/privacy";
import type { AppEnv } from "../app-env";
import { consentWithheld } from "../consent/consent";

/** A ping body is `{"cid":"…"}`; anything much larger is not ours. */
export const PING_MAX_BODY_BYTES = 1024;
const CID = /^[A-Za-z0-9_-]{1,32}$/;
const WEBSITE_ID = "9";

/**
 * POST /api/status/ping with `{cid}` (spec section 7, affiliate ping flow): answers
 * `{success: true}` only when pings are enabled in the site settings, the cid is the
 * site's, and the visitor has not opted out (Sec-GPC, DNT or the opt-out cookie) and has
 * consented where consent is asked (issue 51).
 * The browser fires its tracking calls only after a true answer.
 */
export async function ping(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  const bad = (message: string) => c.json({ success: false, message }, 400);
  if (!(c.req.header("Content-Type") ?? "").startsWith("application/json")) return bad("The body must be JSON.");
  const text = await c.req.text();
  let cid: unknown;
  try {
    cid = (JSON.parse(text) as { cid?: unknown } | null)?.cid;
  } catch {
    return bad("The body is not valid JSON.");
  }
  if (typeof cid !== "string" || !CID.test(cid)) return bad("cid must be a short string of letters, digits, '-' or '_'.");
  if (hasOptedOut(requestPrivacySignals(c.req.raw.headers)) || consentWithheld(c)) return c.json({ success: false });

  const response = await c.var.origin
    .read(`/api/collections/${COLLECTIONS.websites}/records/${WEBSITE_ID}?fields=pings_enabled,ping_cid`)
    .catch(() => undefined);
  if (!response?.ok) {
    // Without the settings we cannot know pings are wanted: the safe answer is no.
    console.error("ping: site settings unavailable", response?.status);
    return c.json({ success: false });
  }
  const site = (await response.json()) as { pings_enabled?: boolean; ping_cid?: string };
  return c.json({ success: site.pings_enabled === true && site.ping_cid === cid });
}
