import { type Context, Hono } from "hono";
import type { Config } from "../../env";
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_COOKIE_ATTRIBUTES, adminReturnPath } from "../../lib/admin-session";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { parseReportQuery, type Report, type ReportQuery, reportCsv } from "../../lib/report";
import { renderAdminMessage, renderReport, renderSignIn } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { limitBody } from "../middleware/body-limit";
import { secureCookies } from "../middleware/secure-cookies";
import { ORIGIN_TIMEOUT_MS, tokenExpiry } from "../service-account";
import { fromThisSite, withinRateLimit } from "../posts/visitor-post";

/**
 * The marketers' reports (/admin, docs/reports.md): sign-in against PocketBase (marketers'
 * accounts first, then superusers), an HttpOnly SameSite=Strict session cookie holding the
 * PocketBase token, and the report PocketBase sums for that token. Nothing here is cached
 * or indexed, and an anonymous request gets the sign-in page (or 401), never data.
 */

export const admin = new Hono<AppEnv>();

const SIGN_IN_PATH = "/admin/sign-in";
const SIGN_IN_MAX_BODY_BYTES = 4 * 1024;
/** Tried in this order: most people signing in here are marketers. Editors sign in to
 * preview drafts on the site's pages (preview.ts). */
const ACCOUNT_COLLECTIONS = ["marketers", "editors", "_superusers"] as const;

for (const path of ["/admin", "/admin/*"]) {
  admin.use(path, async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
  });
}

/** The PocketBase token of the account with these credentials; null when no account has them.
 * Throws when PocketBase cannot answer. */
async function authenticate(config: Config, email: string, password: string): Promise<string | null> {
  for (const collection of ACCOUNT_COLLECTIONS) {
    const response = await fetch(`${config.pocketbaseUrl}/api/collections/${collection}/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ identity: email, password }),
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
    if (response.ok) {
      const { token } = (await response.json()) as { token?: unknown };
      if (typeof token === "string" && token !== "") return token;
      throw new Error("sign-in: PocketBase returned no token");
    }
    await response.body?.cancel();
    if (response.status !== 400) throw new Error(`sign-in: PocketBase answered ${response.status}`);
  }
  return null;
}

function sessionCookie(c: Context<AppEnv>, token: string, maxAge: number): string {
  return serializeCookie(ADMIN_SESSION_COOKIE, token, { ...ADMIN_SESSION_COOKIE_ATTRIBUTES, maxAge, secure: secureCookies(c) });
}

/** The report for the signed-in account; "signed out" when PocketBase no longer accepts its
 * token, "no reports" for an account that reads none (an editor's). */
async function fetchReport(config: Config, token: string, query: ReportQuery): Promise<Report | "signed out" | "no reports"> {
  const params = new URLSearchParams({ from: query.from, to: query.to, group: query.group });
  const response = await fetch(`${config.pocketbaseUrl}/api/dealpilot/report?${params}`, {
    headers: { Accept: "application/json", Authorization: token },
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
  });
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return response.status === 401 ? "signed out" : "no reports";
  }
  if (!response.ok) throw new Error(`report: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as Report;
}

/** Anonymous, or a session PocketBase no longer accepts: the sign-in page for a browser, 401 for CSV. */
function signInFirst(c: Context<AppEnv>, csv: boolean): Response {
  if (readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE) !== undefined) c.header("Set-Cookie", sessionCookie(c, "", 0));
  if (csv) {
    c.header("WWW-Authenticate", 'Cookie realm="reports"');
    return c.text("Sign in at /admin/sign-in first.", 401);
  }
  const url = new URL(c.req.url);
  return c.redirect(`${SIGN_IN_PATH}?${new URLSearchParams({ next: url.pathname + url.search })}`, 303);
}

admin.get("/admin", (c) => c.redirect("/admin/reports", 303));

admin.get(SIGN_IN_PATH, async (c) => renderSignIn({ next: adminReturnPath(c.req.query("next")), nonce: c.var.cspNonce }));

admin.post(SIGN_IN_PATH, limitBody(SIGN_IN_MAX_BODY_BYTES), async (c) => {
  const nonce = c.var.cspNonce;
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const next = adminReturnPath(form.next);
  const email = typeof form.email === "string" ? form.email.trim() : "";
  const password = typeof form.password === "string" ? form.password : "";
  const page = (error: string, status: number) => renderSignIn({ next, email: email.slice(0, 320), error, nonce }, status);
  if (!(await withinRateLimit(c, c.env.SIGN_IN_LIMITER, "sign-in"))) {
    const limited = await page("Too many sign-in attempts. Wait a minute, then try again.", 429);
    limited.headers.set("Retry-After", "60");
    return limited;
  }
  if (email === "" || password === "" || email.length > 320 || password.length > 1000) return page("Enter your email and password.", 400);
  let token: string | null;
  try {
    token = await authenticate(c.var.config, email, password);
  } catch (err) {
    console.error("report sign-in failed", err);
    return page("Signing in is not possible just now. Please try again in a minute.", 503);
  }
  if (!token) return page("That email and password do not match an account.", 401);
  const maxAge = Math.max(0, Math.floor((tokenExpiry(token) - Date.now()) / 1000));
  c.header("Set-Cookie", sessionCookie(c, token, Number.isFinite(maxAge) ? maxAge : 3600));
  return c.redirect(next, 303);
});

/** Voids every token of a marketer's account (pb_hooks/accounts.pb.js); a superuser's
 * token (403) is left to expire. A failure is logged: the cookie goes either way. */
async function endSessions(config: Config, token: string): Promise<void> {
  try {
    const response = await fetch(`${config.pocketbaseUrl}/api/dealpilot/sign-out`, {
      method: "POST",
      headers: { Authorization: token },
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401 && response.status !== 403) console.error(`report sign-out: PocketBase answered ${response.status}`);
  } catch (err) {
    console.error("report sign-out: PocketBase did not answer", err);
  }
}

admin.post("/admin/sign-out", async (c) => {
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  const token = readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE);
  if (token) await endSessions(c.var.config, token);
  c.header("Set-Cookie", sessionCookie(c, "", 0));
  return c.redirect(SIGN_IN_PATH, 303);
});

admin.get("/admin/reports", async (c) => {
  const nonce = c.var.cspNonce;
  const csv = c.req.query("format") === "csv";
  const token = readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE);
  if (!token) return signInFirst(c, csv);
  const parsed = parseReportQuery(new URL(c.req.url).searchParams, Date.now());
  if (!parsed.ok) return csv ? c.text(parsed.message, 400) : renderAdminMessage({ title: "That report cannot be made", message: parsed.message, nonce }, 400);
  let report: Report | "signed out" | "no reports";
  try {
    report = await fetchReport(c.var.config, token, parsed.query);
  } catch (err) {
    console.error("report not made", err);
    const message = "The report cannot be made just now: PocketBase does not answer. Please try again in a minute.";
    return csv ? c.text(message, 503) : renderAdminMessage({ title: "Report unavailable", message, nonce }, 503);
  }
  if (report === "signed out") return signInFirst(c, csv);
  if (report === "no reports") {
    const message = "This account reads no reports. As an editor, open any page of the site to preview it with your drafts.";
    return csv ? c.text(message, 403) : renderAdminMessage({ title: "No reports for this account", message, nonce }, 403);
  }
  if (csv) {
    const { group, from, to } = parsed.query;
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="dealpilot-report-${group}-${from}-to-${to}.csv"`);
    return c.body(reportCsv(report));
  }
  return renderReport({ report, query: parsed.query, nonce });
});

admin.all("/admin/*", (c) => renderAdminMessage({ title: "Not found", message: "There is no such reports page.", nonce: c.var.cspNonce }, 404));
