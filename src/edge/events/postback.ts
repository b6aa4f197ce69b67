import type { Context } from "hono";
import { newClickId } from "../../lib/click-id";
import { parsePostback } from "../../lib/postback";
import { activeNetworkOf } from "./affiliate-networks";
import type { AppEnv } from "../app-env";
import { enqueueEvent, type PostbackMessage } from "./messages";
import { withinRateLimit } from "../posts/visitor-post";

/**
 * GET (or form POST) /postback/{token}: a network reports a conversion (docs/reports.md).
 * The answer leaves once the queue has accepted the postback; the queue consumer stores it
 * in PocketBase, once, however often it is delivered (docs/decisions/038). The token is
 * never logged, queued or stored by the Worker: the network is known by its id from here on.
 */

/** A postback is a few hundred bytes of form fields. */
export const POSTBACK_MAX_BODY_BYTES = 8 * 1024;
/** What PocketBase makes (32) and editors may type (24 to 128). Anything else is not a token. */
const TOKEN = /^[A-Za-z0-9_-]{24,128}$/;

/** The values of a form body: url-encoded or multipart. Files are not values. */
async function formValues(c: Context<AppEnv>): Promise<Array<[string, string]> | null> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  const values: Array<[string, string]> = [];
  for (const [name, value] of (await c.req.formData()).entries()) if (typeof value === "string") values.push([name, value]);
  return values;
}

export async function postback(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  const token = c.req.param("token") ?? "";
  // Per client before any lookup: a client trying tokens is slowed here, whatever they are.
  if (!(await withinRateLimit(c, c.env.POSTBACK_CLIENT_LIMITER, "postback-client"))) {
    c.header("Retry-After", "60");
    return c.text("Too many postbacks from this client; retry in a minute.", 429);
  }
  let network: string | undefined;
  if (TOKEN.test(token)) {
    try {
      network = await activeNetworkOf(c, token);
    } catch (err) {
      console.error("postback not taken: the affiliate networks cannot be read", err);
      c.header("Retry-After", "60");
      return c.text("Postbacks cannot be taken just now; please retry.", 503);
    }
  }
  if (!network) return c.text("Not found", 404);
  if (!(await withinRateLimit(c, c.env.POSTBACK_LIMITER, "postback", network))) {
    c.header("Retry-After", "60");
    return c.text("Too many postbacks for this network; retry in a minute.", 429);
  }

  const params: Array<[string, string]> = [...new URL(c.req.url).searchParams];
  if (c.req.method === "POST") {
    const form = await formValues(c).catch(() => undefined);
    if (form === null) return c.text("Send the values as a form (application/x-www-form-urlencoded or multipart/form-data) or in the query.", 415);
    if (form === undefined) return c.text("The form body could not be read.", 400);
    params.push(...form);
  }
  const parsed = parsePostback(params);
  if (!parsed.ok) return c.text(parsed.message, 400);
  // A HEAD asks whether the URL works; only a GET or POST reports a conversion.
  if (c.req.method === "HEAD") return c.body(null, 200);

  const { clickId, txid, status, payout, currency, event } = parsed.values;
  const message: PostbackMessage = {
    type: "postback",
    id: newClickId(),
    network,
    click_id: clickId,
    txid,
    status,
    payout,
    currency,
    event,
    at: new Date().toISOString(),
  };
  if (!(await enqueueEvent(c, message))) {
    c.header("Retry-After", "60");
    return c.text("The postback could not be stored just now; please retry.", 503);
  }
  return c.text("OK");
}
