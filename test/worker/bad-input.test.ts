import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Article, Comparison, Editorial, ListResult, Store } from "../../src/data/types";
import { titleSegment } from "../../src/lib/slug";
import app from "../../src/worker";
import { pocketbase, testEnv } from "./helpers";

/**
 * The bad-input corpus over every route and the public API: malformed percent-encoding,
 * over-long paths and queries, invalid and missing ids, traversal and encoded slashes in
 * /api/files, unknown collections, every HTTP method, 1,000 repeated parameters,
 * non-UTF-8 bytes, huge cookies and hostile tracking values. Each must answer a clear 4xx
 * or the normal page: never a 5xx, never a stack trace, never data that is not public.
 */

/** Statuses a visitor may get for bad input: the page itself, a redirect, or a clear refusal. */
// 401: the purge endpoint without its secret (the Worker tests configure one), and a report's CSV without a session.
const ACCEPTED = new Set([200, 204, 206, 301, 302, 303, 304, 400, 401, 403, 404, 405, 413, 414, 416, 422, 429, 431]);
const STACK_TRACE =
  /\n\s+at \S|at (async )?[\w.$<>]+ \([^)]*:\d+:\d+\)|node_modules\/|file:\/\/|\/work\/|\w+\.tsx?:\d+|(Type|Reference|Syntax|Range|URI)Error\b/;

/**
 * The Worker's own fetch handler, called directly. Through the pool's `exports.default`
 * every request gets slower than the one before (the pool's bookkeeping, not the Worker:
 * measured 4 ms → 70 ms over a few hundred requests), which would make a corpus of this
 * size take minutes. Background work is awaited, so nothing leaks into the next case.
 */
async function visit(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), init), env, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(init?.method === "HEAD" || [101, 204, 205, 304].includes(response.status) ? null : body, response);
}

interface Case {
  label: string;
  path: string;
  init?: RequestInit;
}

let ids: { store: Store; article: Article; comparison: Comparison; advertorial: Editorial; file: string };
/** Text that must never reach a visitor: PocketBase's address, accounts, unpublished content. */
let secrets: string[];

beforeAll(async () => {
  const first = async <T>(collection: string, extra = "") =>
    (await pocketbase<ListResult<T>>(`/api/collections/${collection}/records?perPage=1${extra}`)).items[0]!;
  const store = await first<Store>("_zdata_stores", `&filter=${encodeURIComponent("logo != ''")}`);
  ids = {
    store,
    article: await first<Article>("_zdata_articles"),
    comparison: await first<Comparison>("_zdata_comparisons"),
    advertorial: await first<Editorial>("_zdata_advertorials"),
    file: `/api/files/_zdata_stores/${store.id}/${store.logo}`,
  };
  secrets = [
    new URL(testEnv.POCKETBASE_URL).host,
    testEnv.TEST_PB_EMAIL,
    testEnv.TEST_PB_PASSWORD,
    testEnv.PB_SERVICE_EMAIL!,
    testEnv.PB_SERVICE_PASSWORD!,
    "tokenKey",
    "passwordHash",
    ...(await draftTitles()),
  ];
});

/** Titles of unpublished articles and products, read as the superuser. */
async function draftTitles(): Promise<string[]> {
  const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
  });
  const headers = { Authorization: ((await auth.json()) as { token: string }).token };
  const read = async (collection: string, field: string) => {
    const list = (await (
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/records?perPage=200&filter=${encodeURIComponent("status != 'published'")}`, {
        headers,
      })
    ).json()) as ListResult<Record<string, string>>;
    return list.items.map((item) => item[field]!);
  };
  const titles = [...(await read("_zdata_articles", "title")), ...(await read("Products", "name"))];
  expect(titles.length).toBeGreaterThan(0);
  return titles;
}

const detail = () => ({
  store: `/stores/${titleSegment(ids.store.title)}/${ids.store.id}`,
  article: `/blog/${titleSegment(ids.article.title)}/${ids.article.id}`,
  comparison: `/comparisions/${titleSegment(ids.comparison.title)}/${ids.comparison.id}`,
  advertorial: `/advertorials/${titleSegment(ids.advertorial.title)}/${ids.advertorial.id}`,
});

/** Every route of the Worker, with real ids where a route takes one. */
function routes(): string[] {
  const d = detail();
  return [
    "/",
    "/search?q=vpn",
    "/stores",
    d.store,
    "/offers",
    "/advertorials",
    "/comparisions",
    "/blog",
    d.article,
    d.comparison,
    "/comparision",
    `/comparision/${ids.comparison.id}`,
    `/comparision?store=${ids.store.id}`,
    d.advertorial,
    `/advertorial?store=${ids.store.id}`,
    "/about-us",
    "/contact-us",
    "/privacy-policy",
    "/terms-of-use",
    "/cookie-policy",
    "/do-not-sell-or-share",
    "/not-found",
    "/no/such/page",
    "/goto?url=https%3A%2F%2Fclicks.network.example%2F",
    "/l/no-such-link",
    "/admin/links",
    "/admin/links/abcdefghijklmno/qr.png",
    "/robots.txt",
    "/sitemap.xml",
    "/build/missing.js",
    "/favicon.svg",
    "/api/collections/_zdata_stores/records",
    `/api/collections/_zdata_stores/records/${ids.store.id}`,
    ids.file,
    "/api/websites/9?populate=*",
    "/api/status/ping",
    "/newsletter",
    "/privacy/opt-out",
    "/_cache/purge",
  ];
}

/** Reads an answer and lists what is wrong with it. */
async function problemsOf({ label, path, init }: Case): Promise<string[]> {
  let response: Response;
  try {
    response = await visit(path, { redirect: "manual", ...init });
  } catch (error) {
    return [`${label}: the Worker threw ${String(error)}`];
  }
  const problems: string[] = [];
  const body = init?.method === "HEAD" ? "" : await response.text();
  if (!ACCEPTED.has(response.status)) problems.push(`${label}: status ${response.status}`);
  if (STACK_TRACE.test(body)) problems.push(`${label}: stack trace ${body.match(STACK_TRACE)![0]}`);
  for (const secret of secrets) if (body.includes(secret)) problems.push(`${label}: shows ${secret}`);
  const location = response.headers.get("Location");
  if (location && response.status !== 302) {
    const target = new URL(location, "http://127.0.0.1:8787");
    if (target.origin !== "http://127.0.0.1:8787") problems.push(`${label}: redirects off the site to ${location}`);
  }
  if (response.status === 302 && location && !/^https:\/\/clicks\.network\.example\//.test(location)) problems.push(`${label}: /goto to ${location}`);
  return problems;
}

/** Runs the cases four at a time and reports every failure at once. */
async function expectAllClear(cases: Case[]) {
  const problems: string[] = [];
  for (let i = 0; i < cases.length; i += 4) problems.push(...(await Promise.all(cases.slice(i, i + 4).map(problemsOf))).flat());
  expect(problems).toEqual([]);
}

/** Several bad values at once per request: every route sees each kind of input while the
 * corpus stays at a few hundred requests. */
const PARAMS = [
  "id",
  "catID",
  "page",
  "q",
  "store",
  "stores",
  "type",
  "url",
  "wp",
  "utm_source",
  "filter",
  "expand",
  "perPage",
  "populate",
  "thumb",
  "newsletter",
  "choice",
];
const allParams = (value: string) => PARAMS.map((name) => `${name}=${value}`).join("&");

/** Cloudflare refuses longer addresses (414) before the Worker sees them. */
const MAX_URL = 16_000;

/** Each test sends a hundred or more requests: on a loaded two-core machine that can take
 * longer than the pool's default per-test limit. */
const CORPUS_TIMEOUT_MS = 120_000;

const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;
const repeated = (name: string, value: string, times = 1000) => Array.from({ length: times }, () => `${name}=${value}`).join("&");

describe("bad input over every route", () => {
  it(
    "answers every HTTP method on every route",
    async () => {
      // workerd's Request accepts only registered method names (a made-up one never reaches a Worker).
      const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"];
      await expectAllClear(routes().flatMap((path) => methods.map((method) => ({ label: `${method} ${path}`, path, init: { method } }))));
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers malformed percent-encoding and bytes that are not UTF-8 in paths and queries",
    async () => {
      const broken = ["%", "%E0%A4%A", "%zz", "%C0%AF", "%FF%FE", "%ED%A0%80", "%00", "%25%", "%u0041", "%FF%FE%C3%28"];
      const query = PARAMS.map((name, i) => `${name}=${broken[i % broken.length]}`).join("&");
      const cases: Case[] = routes().map((path) => ({ label: `broken encodings in the query of ${path}`, path: withQuery(path, query) }));
      const d = detail();
      for (const bad of broken) {
        cases.push(
          { label: `title segment ${bad}`, path: d.store.replace(/\/stores\/[^/]+\//, `/stores/${bad}/`) },
          { label: `id segment ${bad}`, path: `/blog/x/${bad}` },
          { label: `page path ${bad}`, path: `/${bad}` },
          { label: `comparison id ${bad}`, path: `/comparision/${bad}` },
          { label: `collection ${bad}`, path: `/api/collections/${bad}/records` },
          { label: `record ${bad}`, path: `/api/collections/_zdata_stores/records/${bad}` },
          { label: `file ${bad}`, path: `/api/files/_zdata_stores/${ids.store.id}/${bad}` },
          { label: `sitemap ${bad}`, path: `/sitemaps/${bad}` },
        );
      }
      await expectAllClear(cases);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers over-long paths and queries",
    async () => {
      const d = detail();
      const cases: Case[] = routes().map((path) => ({
        label: `long query on ${path}`,
        path: withQuery(path, allParams("a".repeat(Math.floor(MAX_URL / PARAMS.length) - 20))),
      }));
      cases.push(
        { label: "long page path", path: `/${"a".repeat(MAX_URL)}` },
        { label: "long title segment", path: d.store.replace(/\/stores\/[^/]+\//, `/stores/${"a".repeat(MAX_URL)}/`) },
        { label: "long id", path: `/blog/x/${"a".repeat(MAX_URL)}` },
        { label: "long nested path", path: `/stores/${"a/".repeat(MAX_URL / 2)}` },
        { label: "long collection", path: `/api/collections/${"a".repeat(MAX_URL)}/records` },
        { label: "long file name", path: `/api/files/_zdata_stores/${ids.store.id}/${"a".repeat(MAX_URL)}.png` },
      );
      for (const c of cases) expect(c.path.length, c.label).toBeLessThanOrEqual(MAX_URL + 100);
      await expectAllClear(cases);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers 1,000 repeated parameters and 1,000 different ones",
    async () => {
      const cases: Case[] = routes().flatMap((path) => [
        {
          label: `1000 repeated on ${path}`,
          path: withQuery(
            path,
            [repeated("catID", "a1", 250), repeated("page", "2", 250), repeated("id", "x", 250), repeated("utm_source", "a", 250)].join("&"),
          ),
        },
        { label: `1000 names on ${path}`, path: withQuery(path, Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join("&")) },
      ]);
      cases.push({ label: "1000 × catID", path: `/stores?${repeated("catID", "a1")}` }, { label: "1000 × url", path: `/goto?${repeated("url", "x")}` });
      for (const c of cases) expect(c.path.length, c.label).toBeLessThanOrEqual(MAX_URL);
      await expectAllClear(cases);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers invalid and missing ids",
    async () => {
      const bad = ["", "x", "nonexistent00000", "ZZZ", "a".repeat(40), "%2e%2e", "1'%20OR%20'1'='1", "%3Cscript%3E", "__proto__"];
      const cases: Case[] = bad.flatMap((id) => [
        { label: `store ${id}`, path: `/stores/x/${id}` },
        { label: `article ${id}`, path: `/blog/x/${id}` },
        { label: `comparison ${id}`, path: `/comparisions/x/${id}` },
        { label: `single comparison ${id}`, path: `/comparision/${id}?id=${id}` },
        { label: `by store ${id}`, path: `/comparision?store=${id}` },
        { label: `advertorial ${id}`, path: `/advertorials/x/${id}` },
        { label: `advertorial ?store=${id}`, path: `/advertorial?store=${id}` },
        { label: `list filters ${id}`, path: `/advertorials?id=${id}&stores=${id}` },
        { label: `category filters ${id}`, path: `/offers?catID=${id}&type=${id}` },
        { label: `record ${id}`, path: `/api/collections/_zdata_stores/records/${id}` },
        { label: `website ${id}`, path: `/api/websites/${id}` },
      ]);
      cases.push(
        { label: "store without id", path: "/stores/x" },
        { label: "store without id, trailing slash", path: "/stores/x/" },
        { label: "record without id", path: "/api/collections/_zdata_stores/records/" },
      );
      await expectAllClear(cases);
    },
    CORPUS_TIMEOUT_MS,
  );
});

describe("bad input to the public API", () => {
  it(
    "reaches no collection outside the spec's, nor PocketBase's own endpoints",
    async () => {
      const hidden = [
        "_superusers",
        "users",
        "edge_services",
        "subscribers",
        "outbound_events",
        "websites",
        "_collections",
        "_params",
        "_logs",
        "_mfas",
        "_otps",
        "_externalAuths",
        "_authOrigins",
        "sqlite_master",
        "stores",
        "STORES",
        "Stores%00",
        "..%2F_superusers",
        "_zdata_stores%2F..%2F_superusers",
      ];
      const cases: Case[] = hidden.flatMap((name) => [
        { label: `list ${name}`, path: `/api/collections/${name}/records` },
        { label: `view ${name}`, path: `/api/collections/${name}/records/abc` },
        {
          label: `auth ${name}`,
          path: `/api/collections/${name}/auth-with-password`,
          init: {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
          },
        },
        { label: `file of ${name}`, path: `/api/files/${name}/abc/x.png` },
      ]);
      for (const endpoint of [
        "/api/collections",
        "/api/settings",
        "/api/logs",
        "/api/backups",
        "/api/crons",
        "/api/realtime",
        "/api/batch",
        "/api/health",
        "/api/admins",
        "/_/",
        "/api/collections/_superusers/auth-with-password",
        "/api/files/token",
      ]) {
        cases.push(
          { label: `GET ${endpoint}`, path: endpoint },
          { label: `POST ${endpoint}`, path: endpoint, init: { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } } },
        );
      }
      await expectAllClear(cases);
      for (const name of ["_superusers", "edge_services", "subscribers", "outbound_events"]) {
        expect((await visit(`/api/collections/${name}/records`)).status, name).toBe(404);
      }
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "serves no file outside a record's own files: traversal and encoded slashes",
    async () => {
      const base = `/api/files/_zdata_stores/${ids.store.id}`;
      const traversal = [
        `${base}/..%2F..%2Fdata.db`,
        `${base}/%2e%2e%2f%2e%2e%2fdata.db`,
        `${base}/..%5c..%5cdata.db`,
        `${base}/%252e%252e%252fdata.db`,
        `${base}/..`,
        `${base}/.`,
        `${base}/...`,
        `${base}/logo.png%00.svg`,
        `${base}/${ids.store.logo}%2F..%2F..%2F..%2Fdata.db`,
        "/api/files/%2e%2e/%2e%2e/data.db",
        "/api/files/_zdata_stores/..%2F_superusers/x.png",
        `/api/files/_zdata_stores/${ids.store.id}%2F..%2F..%2F/x.png`,
        "/api/files/../../pb_data/data.db",
        "/api/files/_zdata_stores/../../../etc/passwd",
        "/api/files//etc/passwd",
        "/api/files/_zdata_stores/%2F%2Fetc/passwd",
        `${ids.file}?thumb=../../x`,
        `${ids.file}?thumb=100x100%00`,
        `${ids.file}?thumb=${"9".repeat(50)}x1`,
        `${ids.file}?download=1&token=x`,
        `${base}/${encodeURIComponent(ids.store.logo)}%3F.png`,
      ];
      await expectAllClear(traversal.map((path) => ({ label: path, path })));
      for (const path of traversal) {
        const response = await visit(path);
        const type = response.headers.get("Content-Type") ?? "";
        // The record's own file (a thumb size PocketBase does not know falls back to it), or a refusal.
        if (response.status === 200) expect(type, path).toMatch(/^image\//);
        else expect(response.status, path).toBeGreaterThanOrEqual(400);
        await response.arrayBuffer();
      }
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "lets no filter, sort, expand or field list reach private data",
    async () => {
      const list = "/api/collections/_zdata_authors/records";
      const hostile = [
        `filter=${encodeURIComponent("@collection._superusers.email != ''")}`,
        `filter=${encodeURIComponent("user.email != ''")}`,
        `filter=${encodeURIComponent("1=1) || (1=1")}`,
        `filter=${encodeURIComponent(`id = '' || status = "draft"`)}`,
        "expand=user",
        `expand=${encodeURIComponent("user,user.email")}`,
        `fields=${encodeURIComponent("*,expand.user.email,expand.user.tokenKey")}`,
        `sort=${encodeURIComponent("@random,user.email")}`,
        `sort=${encodeURIComponent("(select password from _superusers)")}`,
        "perPage=100000",
        "perPage=-1",
        "page=99999999999999999999",
        "skipTotal=maybe",
      ];
      const cases: Case[] = hostile.flatMap((query) => [
        { label: `authors ${decodeURIComponent(query)}`, path: `${list}?${query}` },
        { label: `articles ${decodeURIComponent(query)}`, path: `/api/collections/_zdata_articles/records?${query}` },
        { label: `products ${decodeURIComponent(query)}`, path: `/api/collections/Products/records?${query}` },
      ]);
      cases.push({ label: "draft articles by filter", path: `/api/collections/_zdata_articles/records?filter=${encodeURIComponent("status = 'draft'")}` });
      await expectAllClear(cases);
      const drafts = (await (
        await visit(`/api/collections/_zdata_articles/records?filter=${encodeURIComponent("status = 'draft'")}`)
      ).json()) as ListResult<Article>;
      expect(drafts.items).toEqual([]);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers hostile ping, newsletter and opt-out bodies",
    async () => {
      const json = { "Content-Type": "application/json" };
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      // A client address of its own: these posts do not use up the newsletter tests' rate limit.
      const client = { "CF-Connecting-IP": "198.51.100.77" };
      const bodies: [string, Record<string, string>, BodyInit][] = [
        ["/api/status/ping", json, "{"],
        ["/api/status/ping", json, "null"],
        ["/api/status/ping", json, '{"cid":{"$gt":""}}'],
        ["/api/status/ping", json, `{"cid":"${"a".repeat(100_000)}"}`],
        ["/api/status/ping", json, '{"__proto__":{"success":true},"cid":"x"}'],
        ["/api/status/ping", { "Content-Type": "text/plain" }, "cid=x"],
        ["/api/status/ping", json, new Uint8Array([0xff, 0xfe, 0x7b, 0x7d])],
        ["/newsletter", { ...form, ...client }, "email=%FF%FE&return_to=%E0%A4%A"],
        ["/newsletter", { ...form, ...client }, `email=${"a".repeat(100_000)}%40x.example&return_to=//evil.example`],
        ["/newsletter", { "Content-Type": "multipart/form-data; boundary=x", ...client }, "--x\r\nContent-Disposition: form-data; name=email\r\n\r\n"],
        ["/newsletter", { ...json, Accept: "application/json", ...client }, '{"email":["a@b.example"]}'],
        ["/privacy/opt-out", form, "choice=%FF"],
        ["/privacy/opt-out", form, `choice=${"out&".repeat(1000)}`],
        ["/privacy/opt-out", { "Content-Type": "multipart/form-data; boundary=" }, "garbage"],
        ["/_cache/purge", json, '{"tags":["*"]}'],
      ];
      await expectAllClear(bodies.map(([path, headers, body], i) => ({ label: `${path} body ${i}`, path, init: { method: "POST", headers, body } })));
    },
    CORPUS_TIMEOUT_MS,
  );
});

describe("hostile headers and tracking values", () => {
  it(
    "answers huge, malformed and non-UTF-8 cookies on every route",
    async () => {
      const cookie = [
        "dp_trk=utm_source=%E0%A4%A&utm_campaign=%0D%0ASet-Cookie:%20x=1",
        "dp_optout=%FF\u00ff",
        "dp_trk==;;;=; =; dp_trk; dp_trk=a=b=c&&&",
        `x=${encodeURIComponent(`utm_source=<script>alert(1)</script>&utm_id={utm_source}&gclid=${"%".repeat(100)}`)}`,
        "dp_trk=\u00ff\u00fe\u00fd",
        `huge=${"x".repeat(16_000)}`,
        ...Array.from({ length: 300 }, (_, i) => `c${i}=${"v".repeat(20)}`),
      ].join("; ");
      await expectAllClear(routes().map((path) => ({ label: `hostile cookies on ${path}`, path, init: { headers: { Cookie: cookie } } })));
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers hostile tracking values, and keeps them out of pages and headers",
    async () => {
      const values = [
        "<script>alert(1)</script>",
        "%0D%0ASet-Cookie:%20evil=1",
        "%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E",
        "%00%01%02",
        "{utm_source}{gclid}",
        "javascript:alert(1)",
        "%E0%A4%A",
        "x".repeat(1500),
      ];
      const keys = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"];
      const hostile = keys.map((key, i) => `${key}=${values[i % values.length]}`).join("&");
      await expectAllClear(routes().map((path) => ({ label: `hostile tracking on ${path}`, path: withQuery(path, hostile) })));
      const response = await visit(`/contact-us?${hostile}`);
      const html = await response.text();
      expect(html).not.toContain("alert(1)");
      expect(html).not.toContain("evil=1");
      const cookies = response.headers.getSetCookie();
      expect(cookies.length).toBe(1);
      expect(cookies[0]).not.toMatch(/[<>"\r\n]|evil=1;/);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    "answers forged Host and forwarding headers and odd Accept, Range, conditional and user-agent headers",
    async () => {
      const headers = {
        Host: "evil.example",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "gopher",
        Forwarded: "host=evil.example",
        Accept: "application/json, \u00ff/\u00fe",
        Range: "bytes=-1,0-0,5-3,999999999-",
        "If-None-Match": "*",
        "If-Modified-Since": "yesterday",
        "User-Agent": "\u00ff".repeat(5000),
      };
      await expectAllClear(routes().map((path) => ({ label: `odd headers on ${path}`, path, init: { headers } })));
      // Canonical and Open Graph addresses come from SITE_ORIGIN, never from the request.
      const html = await (await visit("/stores", { headers })).text();
      expect(html).not.toContain("evil.example");
    },
    CORPUS_TIMEOUT_MS,
  );
});
