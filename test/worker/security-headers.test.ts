import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { GTAG_ORIGIN } from "../../client/analytics";
import { PREPAINT_THEME_SCRIPT } from "../../src/app/theme";
import type { ListResult, Store } from "../../src/data/types";
import type { AppEnv } from "../../src/edge/app-env";
import { NON_DOCUMENT_CSP, scriptHash, securityHeaders } from "../../src/edge/middleware/security-headers";
import { outboundHref } from "../../src/lib/outbound";
import { RENDER_NONCE_HEADER } from "../../src/ssr/render";
import { parsePage } from "./dom";
import { delayOrigin, pocketbase, pocketbaseWriter, visit } from "./helpers";

const BOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function nonceOf(response: Response): string {
  const script = directives(response.headers.get("Content-Security-Policy") ?? "").get("script-src") ?? [];
  const source = script.find((s) => s.startsWith("'nonce-"));
  if (!source) throw new Error("no nonce in the policy");
  return source.slice("'nonce-".length, -1);
}

/** <script> elements a browser executes (data blocks such as JSON are not), with their attributes and text. */
function executableScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ attributes: m[1]!, text: m[2]! }))
    .filter((s) => {
      const type = /\btype="([^"]*)"/.exec(s.attributes)?.[1];
      return !type || /^(module|(text|application)\/(x-)?(java|ecma)script)$/i.test(type);
    });
}

/** Each executable script is allowed by the policy: our bundle, the pre-paint script by
 * hash, or anything else only with this response's nonce. */
async function expectEveryScriptAllowed(html: string, response: Response) {
  const nonce = nonceOf(response);
  const scriptSrc = directives(response.headers.get("Content-Security-Policy")!).get("script-src")!;
  const scripts = executableScripts(html);
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) {
    if (/\bsrc="\/build\//.test(script.attributes)) continue;
    if (script.attributes === "") {
      expect(scriptSrc).toContain(`'${await scriptHash(script.text)}'`);
      continue;
    }
    expect(script.attributes).toContain(` nonce="${nonce}"`);
  }
}

async function someFile(): Promise<string> {
  const stores = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title");
  const store = stores.items[0]!;
  return `/api/files/_zdata_stores/${store.id}/${store.logo}`;
}

const COMMON = {
  "strict-transport-security": /^max-age=\d{8,}; includeSubDomains$/,
  "x-content-type-options": /^nosniff$/,
  "x-frame-options": /^DENY$/,
  "referrer-policy": /^strict-origin-when-cross-origin$/,
  "permissions-policy": /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  "cross-origin-opener-policy": /^same-origin$/,
  "content-security-policy": /frame-ancestors 'none'/,
};

describe("headers on every answer", () => {
  const answers: [string, string, RequestInit?][] = [
    ["page", "/"],
    ["streamed page", "/stores"],
    ["HEAD of a page", "/contact-us", { method: "HEAD" }],
    ["not-found page", "/no-such-page"],
    ["bad-request page", "/stores?catID=%3Cx%3E"],
    ["canonical redirect", "/stores/wrong-title/ID"],
    ["content API list", "/api/collections/_zdata_categories/records?perPage=2"],
    ["content API 404", "/api/collections/_superusers/records"],
    ["content API 405", "/api/collections/_zdata_categories/records", { method: "POST" }],
    ["file", "FILE"],
    ["file 404", "/api/files/_zdata_stores/nothere/missing.png"],
    ["site settings", "/api/websites/9?populate=*"],
    ["/goto redirect", outboundHref("https://clicks.network.example/c")],
    ["/goto refusal", outboundHref("https://evil.example/")],
    ["/goto background ping", outboundHref("https://clicks.network.example/c", { background: true })],
    ["ping", "/api/status/ping", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"cid":"x"}' }],
    ["privacy choice", "/privacy/opt-out", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "choice=in" }],
    [
      "cross-site post",
      "/privacy/opt-out",
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" }, body: "choice=in" },
    ],
    ["favicon", "/favicon.svg"],
    ["missing asset", "/build/missing.js"],
    ["method not allowed", "/", { method: "PUT" }],
  ];

  /** FILE and ID stand for a seeded file and a seeded store id. */
  async function resolve(path: string): Promise<string> {
    if (path === "FILE") return someFile();
    if (!path.endsWith("/ID")) return path;
    const store = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1")).items[0]!;
    return path.replace(/ID$/, store.id);
  }

  it.each(answers)("%s", async (_, path, init) => {
    const target = await resolve(path);
    const response = await visit(target, { redirect: "manual", ...init });
    expect(response.status).toBeLessThan(500);
    for (const [name, pattern] of Object.entries(COMMON)) expect(response.headers.get(name), `${name} on ${target}`).toMatch(pattern);
    for (const name of ["server", "x-powered-by", RENDER_NONCE_HEADER]) expect(response.headers.get(name), name).toBeNull();
    await response.arrayBuffer();
  });

  it("covers the answers above with every kind of status", async () => {
    const statuses = new Set<number>();
    for (const [, path, init] of answers) {
      const response = await visit(await resolve(path), { redirect: "manual", ...init });
      statuses.add(response.status);
      await response.arrayBuffer();
    }
    for (const status of [200, 204, 301, 302, 303, 400, 403, 404, 405]) expect(statuses).toContain(status);
  });
});

describe("Content-Security-Policy of pages", () => {
  afterEach(() => delayOrigin("", 0));

  it("allows only the site, the analytics host and nonce- or hash-approved inline scripts, never 'unsafe-inline' for scripts", async () => {
    const response = await visit("/");
    const csp = directives(response.headers.get("Content-Security-Policy")!);
    await response.arrayBuffer();
    expect(csp.get("default-src")).toEqual(["'self'"]);
    const scripts = csp.get("script-src")!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toContain(GTAG_ORIGIN);
    expect(scripts).toContain(`'${await scriptHash(PREPAINT_THEME_SCRIPT)}'`);
    expect(scripts.filter((s) => !s.startsWith("'nonce-") && !s.startsWith("'sha256-"))).toEqual(["'self'", GTAG_ORIGIN]);
    for (const directive of ["object-src", "frame-src", "base-uri", "frame-ancestors"]) expect(csp.get(directive)).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    for (const [name, values] of csp) {
      for (const value of values) expect(value, name).toMatch(/^('self'|'none'|'unsafe-inline'|'nonce-[\w+/=]+'|'sha256-[\w+/=]+'|data:|https:\/\/[\w*.-]+)$/);
    }
  });

  it("gives every response a fresh nonce, and the page's scripts that nonce", async () => {
    const [a, b] = await Promise.all([visit("/contact-us"), visit("/contact-us")]);
    const [htmlA, htmlB] = await Promise.all([a.text(), b.text()]);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The page's module script carries this response's nonce, and is served as a script a browser runs and keeps.
    const bundles = [...parsePage(htmlA).querySelectorAll("script[type=module][src]")];
    expect(bundles.map((script) => script.getAttribute("nonce"))).toEqual([nonceOf(a)]);
    const bundle = await visit(bundles[0]!.getAttribute("src")!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toMatch(/^(text|application)\/javascript\b/);
    expect(bundle.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(bundle.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await bundle.arrayBuffer();
    await expectEveryScriptAllowed(htmlA, a);
    await expectEveryScriptAllowed(htmlB, b);
  });

  it("allows the pre-paint theme script by the hash of its exact text in the page", async () => {
    const response = await visit("/about-us");
    const html = await response.text();
    const prepaint = executableScripts(html).find((s) => s.attributes === "")!;
    expect(prepaint.text).toBe(PREPAINT_THEME_SCRIPT);
    expect(directives(response.headers.get("Content-Security-Policy")!).get("script-src")).toContain(`'${await scriptHash(prepaint.text)}'`);
  });

  it("puts the nonce on React's streaming scripts of sections that arrive after the shell", async () => {
    // A store of its own: its offers read is in no cache, so the offers section streams late.
    const writer = await pocketbaseWriter();
    try {
      const store = await writer.create<Store>("_zdata_stores", { title: `Nonce test ${crypto.randomUUID().slice(0, 8)}` });
      await delayOrigin("_zdata_offers", 800);
      const response = await visit(`/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const streamed = executableScripts(html).filter((s) => /\$R[CX]\(|\$RC=|\$RB=/.test(s.text));
      expect(streamed.length).toBeGreaterThan(0);
      for (const script of streamed) expect(script.attributes).toContain(` nonce="${nonceOf(response)}"`);
      await expectEveryScriptAllowed(html, response);
    } finally {
      await writer.cleanup();
    }
  });

  it("gives crawlers a complete document with no inline script other than the pre-paint one", async () => {
    const response = await visit("/", { headers: BOT });
    const html = await response.text();
    const inline = executableScripts(html).filter((s) => !/\bsrc=/.test(s.attributes));
    expect(inline.map((s) => s.text)).toEqual([PREPAINT_THEME_SCRIPT]);
    await expectEveryScriptAllowed(html, response);
  });

  it("gives error pages the same policy", async () => {
    const response = await visit("/blog/x/nosuchid");
    expect(response.status).toBe(404);
    await expectEveryScriptAllowed(await response.text(), response);
  });
});

describe("policy of answers that are not pages", () => {
  it("lets JSON and scripts load nothing", async () => {
    const response = await visit("/api/collections/_zdata_categories/records?perPage=1");
    expect(response.headers.get("Content-Security-Policy")).toBe(NON_DOCUMENT_CSP);
    await response.arrayBuffer();
  });

  it("keeps PocketBase's sandbox for files and refuses framing", async () => {
    const response = await visit(await someFile());
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get("Content-Security-Policy")!);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("sandbox")).toBe(true);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    await response.arrayBuffer();
  });
});

/** The middleware alone, in front of handlers that answer as a page cache or /goto would. */
describe("security middleware", () => {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders);
  const page = (nonce: string) =>
    `<!DOCTYPE html><html><head><script>${PREPAINT_THEME_SCRIPT}</script></head><body><p data-x="nonce=&quot;${nonce}&quot;">nonce="${nonce}"</p>` +
    `<script nonce="${nonce}">$RC("B:0","S:0")</script><script nonce="someone-else">x()</script><script type="module" src="/build/client-A.js" nonce="${nonce}"></script></body></html>`;
  app.get("/cached", (c) => c.body(page("OLDNONCE"), 200, { "Content-Type": "text/html; charset=utf-8", [RENDER_NONCE_HEADER]: "OLDNONCE" }));
  app.get("/fresh", (c) => c.body(page(c.var.cspNonce), 200, { "Content-Type": "text/html; charset=utf-8", [RENDER_NONCE_HEADER]: c.var.cspNonce }));
  app.get("/own-referrer-policy", (c) =>
    c.body(null, 302, { Location: "https://partner.example/", "Referrer-Policy": "origin", Server: "nginx/1.2", "X-Powered-By": "PHP" }),
  );

  it("moves a stored page's scripts to this response's nonce, and only the attributes that had the stored nonce", async () => {
    const response = await app.request("/cached");
    const html = await response.text();
    const nonce = nonceOf(response);
    expect(nonce).not.toBe("OLDNONCE");
    expect(html).toContain(`<script nonce="${nonce}">$RC("B:0","S:0")</script>`);
    expect(html).toContain(`<script type="module" src="/build/client-A.js" nonce="${nonce}"></script>`);
    expect(html).toContain('<script nonce="someone-else">');
    // Text that merely looks like a nonce is content, not an attribute: left alone.
    expect(html).toContain('nonce="OLDNONCE"</p>');
    expect(html).toContain('data-x="nonce=&quot;OLDNONCE&quot;"');
    expect(response.headers.get(RENDER_NONCE_HEADER)).toBeNull();
  });

  it("leaves a page rendered for this response as it is", async () => {
    const response = await app.request("/fresh");
    const html = await response.text();
    expect(html).toBe(page(nonceOf(response)));
    expect(response.headers.get(RENDER_NONCE_HEADER)).toBeNull();
  });

  it("keeps a Referrer-Policy an answer chose, and drops headers naming server software", async () => {
    const response = await app.request("/own-referrer-policy");
    expect(response.headers.get("Referrer-Policy")).toBe("origin");
    expect(response.headers.get("Server")).toBeNull();
    expect(response.headers.get("X-Powered-By")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).toBe(NON_DOCUMENT_CSP);
  });
});
