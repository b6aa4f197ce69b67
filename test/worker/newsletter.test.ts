import { describe, expect, it } from "vitest";
import { SIGN_UP_MESSAGES as NEWSLETTER_MESSAGES } from "../../src/lib/newsletter";
import { setPocketBase, sleep, testEnv, visit } from "./helpers";

const SITE = "http://127.0.0.1:8787";

/** A client address of its own, so each test starts with a fresh rate-limit budget. */
function clientIp(): string {
  const hex = crypto.randomUUID().replace(/-/g, "");
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}:${hex.slice(12, 16)}::1`;
}

function uniqueEmail(): string {
  return `news-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

interface PostOptions {
  json?: boolean;
  ip?: string;
  origin?: string | null;
  returnTo?: string;
  multipart?: boolean;
}

function subscribe(
  email: string,
  { json = true, ip = clientIp(), origin = SITE, returnTo = "/stores", multipart = false }: PostOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip, Accept: json ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8" };
  if (origin !== null) headers.Origin = origin;
  let body: BodyInit;
  if (multipart) {
    const form = new FormData();
    form.set("email", email);
    form.set("return_to", returnTo);
    body = form;
  } else {
    body = new URLSearchParams({ email, return_to: returnTo });
  }
  return visit("/newsletter", { method: "POST", headers, body, redirect: "manual" });
}

async function superuserHeaders(): Promise<Record<string, string>> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
  });
  const { token } = (await response.json()) as { token: string };
  return { "Content-Type": "application/json", Authorization: token };
}

interface Subscriber {
  id: string;
  email: string;
  status: string;
  digest_consent_page: string;
  digest_requested_at: string;
}

/** Stored subscribers with this address in any spelling, read as the superuser. */
async function storedSubscribers(email: string): Promise<Subscriber[]> {
  const filter = encodeURIComponent(`email ~ '${email.toLowerCase()}'`);
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/subscribers/records?filter=${filter}`, {
    headers: await superuserHeaders(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Subscriber[] }).items.filter((s) => s.email.toLowerCase() === email.toLowerCase());
}

/** Waits when the rate limiter's one-minute window is about to roll over (it would reset the count mid-test). */
async function awayFromMinuteBoundary(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 54_000) await sleep(60_000 - intoMinute + 200);
}

describe("POST /newsletter with JavaScript (Accept: application/json)", () => {
  it("takes a good address as a pending sign-up, stored normalised, with the page it came from", async () => {
    const email = uniqueEmail();
    const response = await subscribe(`  ${email.toUpperCase()} `, { returnTo: "/stores?page=2" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "sent", message: NEWSLETTER_MESSAGES.sent });
    const stored = await storedSubscribers(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.email).toBe(email);
    expect(stored[0]!.status).toBe("pending");
    expect(stored[0]!.digest_consent_page).toBe("/stores");
    expect(stored[0]!.digest_requested_at).not.toBe("");
  });

  it("answers the same for the same address again, in any case, and keeps one record", async () => {
    const email = uniqueEmail();
    expect((await (await subscribe(email)).json()) as object).toMatchObject({ status: "sent" });
    const again = await subscribe(email.replace("news", "NEWS").replace("example", "Example"));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "sent", message: NEWSLETTER_MESSAGES.sent });
    const noJs = await subscribe(email, { json: false, returnTo: "/blog" });
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("Location")).toBe("/blog?newsletter=sent#newsletter");
    expect(await storedSubscribers(email)).toHaveLength(1);
  });

  it.each(["", "   ", "not-an-address", "name@localhost", "two@@example.com", "with space@example.com", "name@example..com", `${"a".repeat(250)}@example.com`])(
    "refuses %j with 422 'invalid' and stores nothing",
    async (email) => {
      const response = await subscribe(email);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ status: "invalid", message: NEWSLETTER_MESSAGES.invalid });
    },
  );

  it("refuses a missing email field", async () => {
    const response = await visit("/newsletter", {
      method: "POST",
      headers: { Accept: "application/json", "CF-Connecting-IP": clientIp() },
      body: new URLSearchParams({ return_to: "/" }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ status: "invalid" });
  });

  it("accepts multipart form data too", async () => {
    const email = uniqueEmail();
    const response = await subscribe(email, { multipart: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "sent" });
    expect(await storedSubscribers(email)).toHaveLength(1);
  });
});

describe("POST /newsletter without JavaScript (plain form post)", () => {
  it("answers 303 back to the page with the outcome and the form's anchor", async () => {
    const email = uniqueEmail();
    const response = await subscribe(email, { json: false, returnTo: "/stores?catID=abc&newsletter=invalid" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/stores?catID=abc&newsletter=sent#newsletter");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await storedSubscribers(email)).toHaveLength(1);
  });

  it("sends a bad address back with newsletter=invalid", async () => {
    const response = await subscribe("nope", { json: false, returnTo: "/blog" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/blog?newsletter=invalid#newsletter");
  });

  it.each([
    ["//evil.example", "/?newsletter=invalid#newsletter"],
    ["//evil.example/stores", "/?newsletter=invalid#newsletter"],
    ["https://evil.example", "/?newsletter=invalid#newsletter"],
    ["/\\evil.example", "/?newsletter=invalid#newsletter"],
    ["\\\\evil.example", "/?newsletter=invalid#newsletter"],
    ["javascript:alert(1)", "/?newsletter=invalid#newsletter"],
    ["/stores\r\nSet-Cookie: x=1", "/?newsletter=invalid#newsletter"],
    ["/%0d%0aSet-Cookie:%20x=1", "/%0d%0aSet-Cookie:%20x=1?newsletter=invalid#newsletter"],
  ])("keeps the redirect on the site for return_to %j", async (returnTo, expected) => {
    const response = await subscribe("nope", { json: false, returnTo });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toBe(expected);
    expect(new URL(location, SITE).origin).toBe(SITE);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("POST /newsletter protections", () => {
  it("refuses a post from another site's page with 403 and stores nothing", async () => {
    const email = uniqueEmail();
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1:9999"]) {
      const json = await subscribe(email, { origin });
      expect(json.status).toBe(403);
      const form = await subscribe(email, { origin, json: false });
      expect(form.status).toBe(403);
      expect(form.headers.get("Location")).toBeNull();
    }
    expect(await storedSubscribers(email)).toHaveLength(0);
  });

  it("accepts a post without an Origin header (older clients) from the site", async () => {
    const response = await subscribe(uniqueEmail(), { origin: null });
    expect(response.status).toBe(200);
  });

  it("answers 'limited' (429) after 5 attempts a minute from one client, counting bad addresses too", async () => {
    await awayFromMinuteBoundary();
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await subscribe("nope", { ip })).status).toBe(422);
    const limited = await subscribe(uniqueEmail(), { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toEqual({ status: "limited", message: NEWSLETTER_MESSAGES.limited });
    const noJs = await subscribe(uniqueEmail(), { ip, json: false, returnTo: "/blog" });
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("Location")).toBe("/blog?newsletter=limited#newsletter");
    // Another client is not affected.
    expect((await subscribe("nope")).status).toBe(422);
  });

  it("keeps subscribers and the service account out of anonymous reach", async () => {
    const email = uniqueEmail();
    expect((await subscribe(email)).status).toBe(200);
    const [stored] = await storedSubscribers(email);
    const pb = testEnv.POCKETBASE_URL;
    for (const path of [
      "/api/collections/subscribers/records",
      `/api/collections/subscribers/records/${stored!.id}`,
      "/api/collections/edge_services/records",
    ]) {
      const response = await fetch(`${pb}${path}`);
      expect([403, 404]).toContain(response.status);
      const text = await response.text();
      expect(text).not.toContain(email);
      expect(text).not.toContain(testEnv.PB_SERVICE_EMAIL!);
    }
    // Nobody can sign up as a service, nor write or change subscribers directly.
    const signUp = await fetch(`${pb}/api/collections/edge_services/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "intruder@example.com", password: "intruder-1234", passwordConfirm: "intruder-1234" }),
    });
    expect(signUp.ok).toBe(false);
    const write = await fetch(`${pb}/api/collections/subscribers/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(write.ok).toBe(false);
    const change = await fetch(`${pb}/api/collections/subscribers/records/${stored!.id}`, { method: "DELETE" });
    expect(change.ok).toBe(false);
    expect(await storedSubscribers(email)).toHaveLength(1);
    // The Worker's public API does not know these collections at all.
    expect((await visit("/api/collections/subscribers/records")).status).toBe(404);
    expect((await visit(`/api/collections/subscribers/records/${stored!.id}`)).status).toBe(404);
    expect((await visit("/api/collections/edge_services/records")).status).toBe(404);
    const login = await visit("/api/collections/edge_services/auth-with-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: testEnv.PB_SERVICE_EMAIL, password: testEnv.PB_SERVICE_PASSWORD }),
    });
    expect(login.status).toBe(404);
  });

  it("signs in again when PocketBase stops accepting its token", async () => {
    expect((await subscribe(uniqueEmail())).status).toBe(200);
    // Setting the password (even to the same value) rotates the account's token key.
    const headers = await superuserHeaders();
    const accounts = (await (await fetch(`${testEnv.POCKETBASE_URL}/api/collections/edge_services/records`, { headers })).json()) as {
      items: { id: string }[];
    };
    const password = testEnv.PB_SERVICE_PASSWORD!;
    const patched = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/edge_services/records/${accounts.items[0]!.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ password, passwordConfirm: password }),
    });
    expect(patched.status).toBe(200);
    const email = uniqueEmail();
    const response = await subscribe(email);
    expect(await response.json()).toMatchObject({ status: "sent" });
    expect(await storedSubscribers(email)).toHaveLength(1);
  });

  it("says 'unavailable' (503) when PocketBase is down, and nothing is lost silently", async () => {
    const email = uniqueEmail();
    await setPocketBase("stop");
    try {
      const json = await subscribe(email);
      expect(json.status).toBe(503);
      expect(await json.json()).toEqual({ status: "unavailable", message: NEWSLETTER_MESSAGES.unavailable });
      const form = await subscribe(email, { json: false, returnTo: "/stores" });
      expect(form.status).toBe(303);
      expect(form.headers.get("Location")).toBe("/stores?newsletter=unavailable#newsletter");
    } finally {
      await setPocketBase("start");
    }
    expect(await storedSubscribers(email)).toHaveLength(0);
    // Once PocketBase is back the same address goes through.
    expect(await (await subscribe(email)).json()).toMatchObject({ status: "sent" });
  });
});
