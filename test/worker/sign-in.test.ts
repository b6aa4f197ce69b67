import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attribute, parsePage } from "./dom";
import {
  mailTo,
  originRequests,
  pocketbaseWriter,
  postForm,
  SITE,
  sessionCookieOf,
  signInOnSite,
  siteAccount,
  superuserToken,
  testEnv,
  textOf,
  visit,
} from "./helpers";

/**
 * Who signs in on the site (/admin/sign-in, issue 47, docs/decisions/049): marketers and
 * editors, verified, never superusers; a session cookie the Worker signed, scoped to the paths
 * its account uses; a cookie it did not sign costs PocketBase nothing; PocketBase's verdict on
 * a real one is kept briefly; multi-factor sign-in by a code PocketBase emails.
 */

const writer = await pocketbaseWriter();
let marketer: Awaited<ReturnType<typeof siteAccount>>;
let editor: Awaited<ReturnType<typeof siteAccount>>;
const ACCOUNT_CHECK = "/api/dealpilot/account";

const signIn = (email: string, password: string, next = "/admin/reports", headers: Record<string, string> = {}) =>
  postForm("/admin/sign-in", { email, password, next }, headers);
const withCookie = (path: string, cookie: string) => visit(path, { redirect: "manual", headers: { Cookie: cookie } });

/** A PocketBase token of the marketer, as PocketBase itself gives it out (no Worker signature). */
async function rawToken(account: { email: string; password: string }, collection = "marketers"): Promise<string> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: account.email, password: account.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Turns multi-factor sign-in (password, then an emailed one-time code) on or off for a collection. */
async function multiFactor(collection: string, enabled: boolean): Promise<void> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
    body: JSON.stringify({ mfa: { enabled }, otp: { enabled } }),
  });
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  marketer = await siteAccount(writer, "marketers");
  editor = await siteAccount(writer, "editors");
});
afterAll(() => writer.cleanup());

describe("signing in on the site", () => {
  it("sends an anonymous browser to the sign-in page, answers CSV with 401, and shows no figure to either", async () => {
    const page = await visit("/admin/reports?group=campaign", { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`/admin/sign-in?next=${encodeURIComponent("/admin/reports?group=campaign")}`);
    expect(await page.text()).toBe("");
    const csv = await visit("/admin/reports?format=csv", { redirect: "manual" });
    expect(csv.status).toBe(401);
    expect(await csv.text()).not.toMatch(/clicks/i);
  });

  it("serves the sign-in form, never cached or indexed", async () => {
    const response = await visit("/admin/sign-in?next=/admin/reports?group=store");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(textOf(html)).toContain("Email Password Sign in");
  });

  it("signs a marketer in with a signed, HttpOnly, SameSite=Strict cookie sent only to /admin, and goes where they were going", async () => {
    const response = await visit("https://127.0.0.1:8787/admin/sign-in", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://127.0.0.1:8787", "CF-Connecting-IP": crypto.randomUUID() },
      body: new URLSearchParams({ email: marketer.email, password: marketer.password, next: "/admin/reports?group=country" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/reports?group=country");
    const started = response.headers.getSetCookie().find((cookie) => /^dp_admin=[^;]/.test(cookie))!;
    // The PocketBase token (three parts), then the Worker's signature of it.
    expect(started).toMatch(/^dp_admin=[\w-]+\.[\w-]+\.[\w-]+\.[0-9a-f]{64}; Path=\/admin; Max-Age=(\d+); SameSite=Strict; Secure; HttpOnly$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(started)![1]);
    expect(maxAge).toBeGreaterThan(43_100);
    expect(maxAge).toBeLessThanOrEqual(43_200);
    expect(textOf(await (await visit("/cookie-policy")).text())).toContain("dp_admin Yes Yes Strict");
  });

  it("signs an editor in with a cookie sent to every page (previews), landing on the home page", async () => {
    // The form as the sign-in page serves it, asked for no page: its hidden field is sent back as is.
    const form = parsePage(await (await visit("/admin/sign-in")).text());
    const next = attribute(form.querySelector('input[name="next"]'), "value");
    expect(next).toBe("");
    const response = await signIn(editor.email, editor.password, next);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().find((cookie) => /^dp_admin=[^;]/.test(cookie))).toMatch(/; Path=\/; /);
    const home = await withCookie("/", sessionCookieOf(response)!);
    expect(textOf(await home.text())).toContain("Preview — not published");
  });

  it("refuses superusers: they work in PocketBase's admin UI, and their token never travels in a cookie", async () => {
    const response = await signIn(testEnv.TEST_PB_EMAIL, testEnv.TEST_PB_PASSWORD);
    expect(response.status).toBe(401);
    expect(textOf(await response.text())).toContain("That email and password do not match an account.");
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it("refuses a wrong password without saying which part was wrong, and sets no cookie", async () => {
    for (const [email, password] of [
      [marketer.email, "not-the-password"],
      ["nobody@accounts.test", marketer.password],
    ] as const) {
      const response = await signIn(email, password);
      expect(response.status).toBe(401);
      expect(textOf(await response.text())).toContain("That email and password do not match an account.");
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it("refuses an account whose email address is not verified", async () => {
    for (const collection of ["marketers", "editors"] as const) {
      const unverified = await siteAccount(writer, collection, false);
      const response = await signIn(unverified.email, unverified.password);
      expect(response.status, collection).toBe(403);
      expect(textOf(await response.text())).toContain("not verified");
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it("takes the form only from the site's own pages: a post naming no page, or another site's, is refused", async () => {
    const form = { email: marketer.email, password: marketer.password, next: "" };
    const bare = await visit("/admin/sign-in", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": crypto.randomUUID() },
      body: new URLSearchParams(form),
    });
    expect(bare.status).toBe(403);
    expect(sessionCookieOf(bare)).toBeUndefined();
    expect((await postForm("/admin/sign-in", form, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await postForm("/admin/sign-in", form, { Origin: "null" })).status).toBe(403);
    // A browser that sends no Origin still names the page in Referer.
    const { Origin: _, ...noOrigin } = { Origin: SITE };
    const referred = await visit("/admin/sign-in", {
      method: "POST",
      redirect: "manual",
      headers: { ...noOrigin, "Content-Type": "application/x-www-form-urlencoded", Referer: `${SITE}/admin/sign-in`, "CF-Connecting-IP": crypto.randomUUID() },
      body: new URLSearchParams(form),
    });
    expect(referred.status).toBe(303);
  });

  it("goes nowhere but a page of this site after signing in", async () => {
    for (const next of ["https://evil.example/", "//evil.example/admin/reports", "/admin/../goto?url=x", "/admin/sign-out"]) {
      const response = await signIn(marketer.email, marketer.password, next);
      expect(response.headers.get("Location"), next).toBe("/admin/reports");
    }
  });

  it("limits sign-in attempts to 5 a minute per client", async () => {
    const client = { "CF-Connecting-IP": crypto.randomUUID() };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(marketer.email, "wrong", "", client)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await signIn(marketer.email, marketer.password, "", client);
    expect(right.status).toBe(429);
    expect(right.headers.get("Retry-After")).toBe("60");
  });
});

describe("a session cookie", () => {
  it("that the Worker did not sign costs PocketBase nothing, on /admin and on every page, and is cleared", async () => {
    const token = await rawToken(marketer);
    const signed = await signInOnSite(marketer.email, marketer.password);
    const forgeries = [
      `dp_admin=${token}`,
      `dp_admin=${token}.${"0".repeat(64)}`,
      `${signed.slice(0, -1)}${signed.endsWith("0") ? "1" : "0"}`,
      "dp_admin=eyJhbGciOiJIUzI1NiJ9.e30.forged",
      `dp_admin=${"x".repeat(5000)}`,
    ];
    const before = await originRequests(ACCOUNT_CHECK);
    for (const cookie of forgeries) {
      const reports = await withCookie("/admin/reports", cookie);
      expect(reports.status, cookie.slice(0, 40)).toBe(303);
      expect(reports.headers.getSetCookie()).toEqual(expect.arrayContaining([expect.stringMatching(/^dp_admin=; Path=\/admin; Max-Age=0;/)]));
      const page = await withCookie("/stores", cookie);
      expect(page.status).toBe(200);
      expect(textOf(await page.text())).not.toContain("Preview — not published");
    }
    expect(await originRequests(ACCOUNT_CHECK)).toBe(before);
  });

  it("of a real session asks PocketBase once, then trusts its verdict briefly", async () => {
    const cookie = await signInOnSite(marketer.email, marketer.password);
    const before = await originRequests(ACCOUNT_CHECK);
    for (let i = 0; i < 3; i++) expect((await withCookie("/admin/reports", cookie)).status).toBe(200);
    expect(await originRequests(ACCOUNT_CHECK)).toBe(before + 1);
  });

  it("of a marketer opens no preview, and an editor's opens no report", async () => {
    const marketerCookie = await signInOnSite(marketer.email, marketer.password);
    const page = await withCookie("/stores", marketerCookie);
    expect(textOf(await page.text())).not.toContain("Preview — not published");
    const editorCookie = await signInOnSite(editor.email, editor.password);
    const reports = await withCookie("/admin/reports", editorCookie);
    expect(reports.status).toBe(403);
    expect(textOf(await reports.text())).toContain("This page is for marketers");
  });

  it("ends at sign-out: cleared wherever it was set, and a copy kept elsewhere opens nothing", async () => {
    const leaving = await siteAccount(writer, "marketers");
    const cookie = await signInOnSite(leaving.email, leaving.password);
    expect((await withCookie("/admin/reports", cookie)).status).toBe(200);
    const response = await visit("/admin/sign-out", { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: SITE } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/sign-in");
    expect(response.headers.getSetCookie()).toEqual([
      "dp_admin=; Path=/admin; Max-Age=0; SameSite=Strict; HttpOnly",
      "dp_admin=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly",
    ]);
    expect((await withCookie("/admin/reports", cookie)).status).toBe(303);
  });
});

describe("multi-factor sign-in", () => {
  beforeAll(() => multiFactor("editors", true));
  afterAll(() => multiFactor("editors", false));

  it("asks for the code PocketBase emails after the password, and signs in with it", async () => {
    const first = await signIn(editor.email, editor.password, "/stores");
    expect(first.status).toBe(200);
    expect(sessionCookieOf(first)).toBeUndefined();
    const html = await first.text();
    expect(textOf(html)).toContain(`We have emailed a sign-in code to ${editor.email}`);
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
    const step = { step: "code", collection: field("collection"), mfa: field("mfa"), otp: field("otp"), email: editor.email, next: "/stores" };

    const wrong = await postForm("/admin/sign-in", { ...step, code: "00000000" });
    expect(wrong.status).toBe(401);
    expect(sessionCookieOf(wrong)).toBeUndefined();

    let code = "";
    await expect
      .poll(async () => {
        const mails = await mailTo(editor.email);
        code = /\b(\d{6,8})\b/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
        return code;
      })
      .not.toBe("");
    const second = await postForm("/admin/sign-in", { ...step, code });
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe("/stores");
    const cookie = sessionCookieOf(second)!;
    expect(textOf(await (await withCookie("/stores", cookie)).text())).toContain("Preview — not published");
  });
});
