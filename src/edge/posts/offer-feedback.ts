import type { Context } from "hono";
import { isbot } from "isbot";
import { COLLECTIONS } from "../../data/collections";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { safeReturnPath } from "../../lib/newsletter";
import {
  FEEDBACK_MESSAGES,
  isRecordId,
  parseWorked,
  VOTES_COOKIE,
  VOTES_COOKIE_ATTRIBUTES,
  VOTES_COOKIE_MAX_AGE_S,
  votedOffers,
  withVote,
  type FeedbackAnswer,
} from "../../lib/offer-feedback";
import type { AppEnv } from "../app-env";
import { purgeHere } from "../cache/cache-purge";
import { visitorCountry } from "../pages/visitor-country";
import { fromThisSite, VISITOR_POST_TIMEOUT_MS, withinRateLimit } from "./visitor-post";
import { secureCookies } from "../middleware/secure-cookies";
import { createAsService } from "../service-account";

/**
 * POST /offers/{id}/feedback: "Did this code work?" (docs/decisions/019-offer-lifecycle.md).
 *
 * `worked` = yes | no, as JSON or form fields. With `Accept: application/json` the answer
 * is the offer's counts as JSON; a form post (no JavaScript) gets a 303 back to the page it
 * came from. One vote per visitor per offer (the `dp_votes` cookie): a second vote is
 * accepted and not counted, and so is a bot's. Same-origin only, rate-limited per client.
 * The vote is stored as the Worker's service account in `offer_feedback`; PocketBase's hook
 * (pb_hooks/offer_feedback.pb.js) raises the offer's counter. A vote changes no content
 * version (it would rebuild every page); instead this location's copy of the page it was
 * cast on is dropped with its reads, so the voter's next load shows the new tally. The
 * cookie is readable by the page's script, which marks the cards already voted on.
 */

const FEEDBACK = "offer_feedback";
/** A vote is a few bytes; anything much larger is not ours. */
export const FEEDBACK_MAX_BODY_BYTES = 4 * 1024;

/** Refusals and their messages (the card shows the one it gets); kept out of the browser bundle. */
export const FAILURES = {
  invalid: { status: 400, message: "Tell us whether it worked: yes or no." },
  unknown: { status: 404, message: "This offer does not exist (any more)." },
  forbidden: { status: 403, message: "Votes are accepted from this site only." },
  limited: { status: 429, message: "Too many votes from your connection. Please try again in a minute." },
  unavailable: { status: 503, message: FEEDBACK_MESSAGES.unavailable },
} as const;
type Failure = keyof typeof FAILURES;

interface Counts {
  worked_count: number;
  failed_count: number;
}

class Unavailable extends Error {}

async function readBody(c: Context<AppEnv>): Promise<{ worked: unknown; returnTo: unknown }> {
  try {
    if ((c.req.header("Content-Type") ?? "").includes("application/json")) {
      const body = (await c.req.json()) as Record<string, unknown> | null;
      return { worked: body?.worked, returnTo: undefined };
    }
    const body = await c.req.parseBody();
    return { worked: body.worked, returnTo: body.return_to };
  } catch {
    return { worked: undefined, returnTo: undefined };
  }
}

/** The offer's counters read from PocketBase itself (never a cached copy); null for no such offer. */
async function currentCounts(c: Context<AppEnv>, offerId: string, signal: AbortSignal): Promise<Counts | null> {
  let response: Response;
  try {
    response = await fetch(`${c.var.config.pocketbaseUrl}/api/collections/${COLLECTIONS.offers}/records/${offerId}?fields=worked_count,failed_count`, {
      headers: { Accept: "application/json" },
      signal,
    });
  } catch (err) {
    throw new Unavailable("offer read failed", { cause: err });
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new Unavailable(`offer read answered ${response.status}`);
  const record = (await response.json()) as Partial<Counts>;
  return { worked_count: record.worked_count ?? 0, failed_count: record.failed_count ?? 0 };
}

/** The page the vote was cast on: the form's return_to, or the Referer of a script's post
 * (same origin: `fromThisSite` has checked it). */
function votedOn(c: Context<AppEnv>, returnTo: unknown): URL {
  const { siteOrigin } = c.var.config;
  if (returnTo !== undefined) return new URL(safeReturnPath(returnTo), siteOrigin);
  const referer = URL.parse(c.req.header("Referer") ?? "");
  return new URL(safeReturnPath(referer ? `${referer.pathname}${referer.search}` : "/"), siteOrigin);
}

async function storeVote(c: Context<AppEnv>, offerId: string, worked: boolean, signal: AbortSignal): Promise<void> {
  const { config } = c.var;
  if (!config.service) throw new Unavailable("PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  let response: Response;
  try {
    response = await createAsService(config, config.service, FEEDBACK, { offer: offerId, worked }, signal);
  } catch (err) {
    throw new Unavailable("vote not stored", { cause: err });
  }
  if (!response.ok) throw new Unavailable(`vote not stored: PocketBase answered ${response.status} ${await response.text()}`);
  await response.body?.cancel();
}

export async function offerFeedback(c: Context<AppEnv>): Promise<Response> {
  const wantsJson = (c.req.header("Accept") ?? "").includes("application/json");
  c.header("Cache-Control", "no-store");
  const fail = (failure: Failure): Response => {
    const { status, message } = FAILURES[failure];
    if (failure === "limited" || failure === "unavailable") c.header("Retry-After", "60");
    return wantsJson ? c.json({ status: failure, message }, status) : c.text(message, status);
  };

  if (!fromThisSite(c)) return fail("forbidden");
  const offerId = c.req.param("id") ?? "";
  if (!isRecordId(offerId)) return fail("unknown");
  const { worked: rawWorked, returnTo } = await readBody(c);
  const worked = parseWorked(rawWorked);
  if (worked === null) return fail("invalid");
  if (!(await withinRateLimit(c, c.env.FEEDBACK_LIMITER, "feedback"))) return fail("limited");

  const cookie = readCookie(c.req.header("Cookie"), VOTES_COOKIE);
  const counted = !votedOffers(cookie).includes(offerId) && !isbot(c.req.header("User-Agent") ?? "");
  let counts: Counts | null;
  try {
    const deadline = AbortSignal.timeout(VISITOR_POST_TIMEOUT_MS);
    counts = await currentCounts(c, offerId, deadline);
    if (counts && counted) {
      await storeVote(c, offerId, worked, deadline);
      // The hook has raised the counter in the same request: the tally as it now stands.
      counts = worked ? { ...counts, worked_count: counts.worked_count + 1 } : { ...counts, failed_count: counts.failed_count + 1 };
    }
  } catch (err) {
    console.error("offer feedback failed", err);
    return fail("unavailable");
  }
  if (!counts) return fail("unknown");

  if (counted) {
    // Of a page kept per country, the copy the voter reloads is their country's; the others
    // keep the old tally for their cache lifetime, as other pages showing the offer do.
    // Trying every country's key (about 250 lookups) is for a manual purge, not every vote.
    const voter = [visitorCountry(c.req.raw)];
    c.executionCtx.waitUntil(purgeHere(c, votedOn(c, returnTo), voter).catch((err: unknown) => console.error("page copy after a vote not dropped", err)));
    c.header(
      "Set-Cookie",
      serializeCookie(VOTES_COOKIE, withVote(cookie, offerId), { ...VOTES_COOKIE_ATTRIBUTES, maxAge: VOTES_COOKIE_MAX_AGE_S, secure: secureCookies(c) }),
    );
  }
  if (!wantsJson) return c.redirect(safeReturnPath(returnTo), 303);
  return c.json({ counted, ...counts, message: FEEDBACK_MESSAGES.thanks } satisfies FeedbackAnswer, 200);
}
