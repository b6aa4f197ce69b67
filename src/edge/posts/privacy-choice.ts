import type { Context } from "hono";
import { serializeCookie } from "../../lib/cookies";
import { OPT_OUT_COOKIE, OPT_OUT_COOKIE_ATTRIBUTES, OPT_OUT_MAX_AGE_S } from "../../lib/privacy";
import type { AppEnv } from "../app-env";
import { secureCookies } from "../middleware/secure-cookies";
import { siteFormPost } from "./visitor-post";

export const OPT_OUT_PAGE = "/do-not-sell-or-share";

/** The form has one short field. */
export const OPT_OUT_MAX_BODY_BYTES = 1024;

/**
 * POST /privacy/opt-out with `choice=out|in`: the control on /do-not-sell-or-share. Sets or
 * clears the opt-out cookie and goes back to the page, which shows the saved choice (in the
 * address, so the page itself stays the same for everyone and cacheable).
 */
export async function privacyChoice(c: Context<AppEnv>): Promise<Response> {
  const body = await siteFormPost(c);
  if (body instanceof Response) return body;
  const choice = body.choice;
  if (choice !== "out" && choice !== "in") return c.text("choice must be 'out' or 'in'.", 400);
  const options = { ...OPT_OUT_COOKIE_ATTRIBUTES, secure: secureCookies(c) };
  c.header(
    "Set-Cookie",
    choice === "out"
      ? serializeCookie(OPT_OUT_COOKIE, "1", { ...options, maxAge: OPT_OUT_MAX_AGE_S })
      : serializeCookie(OPT_OUT_COOKIE, "", { ...options, maxAge: 0 }),
  );
  return c.redirect(`${OPT_OUT_PAGE}?choice=${choice === "out" ? "opted-out" : "opted-in"}#opt-out`, 303);
}
