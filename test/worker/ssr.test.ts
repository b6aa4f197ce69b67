import { describe, expect, it } from "vitest";
import type { ListResult, Store, StoreFilter } from "../../src/data/types";
import { HYDRATION_DATA_ID } from "../../src/app/hydration";
import { PREPAINT_THEME_SCRIPT } from "../../src/app/theme";
import manifest from "../../public/build/manifest.json";
import { assetsOf, parsePage } from "./dom";
import { htmlText, pocketbase, testEnv, visit } from "./helpers";
import { truncateChars } from "../../src/lib/text";

const storeHref = (s: Pick<Store, "id" | "title">) => `/stores/${encodeURIComponent(s.title.toLowerCase())}/${s.id}`;

/** Where the store cards lead, in order: each card is headed by its store's title, a link. */
function cardTitles(html: string): string[] {
  return [...parsePage(html).querySelectorAll("main article h2 a[href]")].map((a) => a.getAttribute("href")!);
}

/** Every <script> element that a browser would execute (not JSON data blocks). */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]).filter((s) => !s.startsWith('<script type="application/json"'));
}

function hydrationData(html: string): { loaderData: Record<string, unknown>; errors: unknown } {
  const match = html.match(new RegExp(`<script type="application/json" id="${HYDRATION_DATA_ID}">(.*?)</script>`, "s"));
  if (!match) throw new Error("no hydration data in the page");
  return JSON.parse(match[1]!);
}

describe("module preloads", () => {
  const preloads = async (path: string) => [...(await (await visit(path)).text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const routes: Record<string, string[]> = manifest.routes;

  it("preloads the entry's chunks and the matched screen's, so the screen does not wait for the entry to run", async () => {
    const entry = [manifest.js, ...manifest.preload];
    expect(routes.stores!.length).toBeGreaterThan(0);
    expect(await preloads("/stores")).toEqual([...entry, ...routes.stores!]);
    expect(await preloads("/contact-us")).toEqual([...entry, ...routes["contact-us"]!]);
    expect(await preloads("/contact-us")).not.toContain(routes.stores![0]);
    // The not-found screen is part of the entry.
    expect(await preloads("/no-such-page")).toEqual(entry);
  });
});

describe("server-rendered Stores list", () => {
  it("streams a complete HTML document with the first 30 stores by title, read from PocketBase", async () => {
    const expected = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=title&perPage=30");
    const response = await visit("/stores");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const html = await response.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<title>All Popular Stores | DealPilot</title>");
    expect(html).toContain(">All Popular Stores</h1>");
    expect(cardTitles(html)).toEqual(expected.items.map(storeHref));
    for (const store of expected.items) expect(html).toContain(htmlText(truncateChars(store.title, 30)));
    // One stylesheet and one module script, both served.
    const { stylesheets, scripts } = assetsOf(parsePage(html));
    expect([stylesheets.length, scripts.length]).toEqual([1, 1]);
    for (const asset of [...stylesheets, ...scripts]) {
      const served = await visit(asset);
      expect(served.status, asset).toBe(200);
      await served.arrayBuffer();
    }
  });

  it("cuts store titles at 30 characters, between words with an ellipsis, and links store pages (editorial links: stores.test.ts)", async () => {
    const expected = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=title&perPage=30");
    const long = expected.items.find((s) => s.title.length > 30);
    const page = await (await visit("/stores")).text();
    const html = page.slice(page.indexOf("<main"), page.indexOf("</main>"));
    if (long) {
      expect(html).toContain(`>${htmlText(truncateChars(long.title, 30))}</a>`);
      expect(html).not.toContain(`>${htmlText(long.title)}</a>`);
    }
    const first = expected.items[0]!;
    expect(html).toMatch(new RegExp(`<img [^>]*src="/api/files/_zdata_stores/${first.id}/${first.logo}"[^>]*width="96" height="96"`));
  });

  it("pages through all stores with crawlable links", async () => {
    const all = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=title&perPage=30&page=2");
    const first = await (await visit("/stores")).text();
    expect(first).toContain('href="/stores?page=2"');
    const second = await visit("/stores?page=2");
    expect(second.status).toBe(200);
    expect(cardTitles(await second.text())).toEqual(all.items.map(storeHref));
  });

  it("filters by catID (repeatable) and names the category in the title", async () => {
    const filters = await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title");
    const [a, b] = filters.items.filter((f) => f.total > 0);
    const onlyA = await (await visit(`/stores?catID=${a!.id}`)).text();
    expect(onlyA).toContain(`>All ${htmlText(a!.title)} Stores</h1>`);
    expect(cardTitles(onlyA)).toHaveLength(Math.min(a!.total, 30));

    const filter = encodeURIComponent(`category_ids.id ?= "${a!.id}" || category_ids.id ?= "${b!.id}"`);
    const expected = await pocketbase<ListResult<Store>>(`/api/collections/_zdata_stores/records?sort=title&perPage=30&filter=${filter}`);
    const both = await (await visit(`/stores?catID=${a!.id}&catID=${b!.id}`)).text();
    expect(cardTitles(both)).toEqual(expected.items.map(storeHref));
  });

  it("shows the spec's empty message for a category without stores", async () => {
    const response = await visit("/stores?catID=nosuchcategory1");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("No Offer Yet, We are working hard to bring these offers for you.");
  });

  it.each(["/stores?catID=bad%20id", "/stores?catID=%22%29%7C%7C1%3D1", "/stores?page=0", "/stores?page=x"])(
    "answers bad input %s with a 400 page",
    async (path) => {
      const response = await visit(path);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("This address is not valid");
      expect(html).not.toMatch(/stack|at \w+ \(/);
    },
  );

  it("embeds hydration data as non-executable JSON; executable scripts are only the bundle and React's streaming runtime", async () => {
    const html = await (await visit("/stores")).text();
    const data = hydrationData(html);
    expect(Object.keys(data.loaderData)).toContain("stores");
    const bundle = `<script type="module" src="${assetsOf(parsePage(html)).scripts[0]}"></script>`;
    const prepaint = `<script>${PREPAINT_THEME_SCRIPT}</script>`;
    // Every executable script but the pre-paint one (allowed by its hash) carries the page's CSP nonce.
    const nonce = / nonce="([^"]+)"/.exec(html)![1]!;
    const withoutNonce = (script: string) => script.replace(` nonce="${nonce}"`, "");
    for (const script of executableScripts(html)) {
      if (script === prepaint) continue;
      expect(script).toContain(` nonce="${nonce}"`);
      if (withoutNonce(script) !== bundle)
        expect(withoutNonce(script)).toMatch(/^<script( id="_R_")?>(requestAnimationFrame\(function\(\)\{\$RT=|\$RB=\[\];|\$RC\()/);
    }
    const crawled = await (await visit("/stores", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } })).text();
    const crawledNonce = / nonce="([^"]+)"/.exec(crawled)![1]!;
    expect(executableScripts(crawled).map((script) => script.replace(` nonce="${crawledNonce}"`, ""))).toEqual([prepaint, bundle]);
  });

  it("keeps a hostile store title inert in the HTML and in the hydration data", async () => {
    const token = crypto.randomUUID().slice(0, 8);
    const auth = (await (
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
      })
    ).json()) as { token: string };
    const headers = { "Content-Type": "application/json", Authorization: auth.token };
    const category = (await (
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_categories/records`, {
        method: "POST",
        headers,
        body: JSON.stringify({ title: `Hostile ${token}` }),
      })
    ).json()) as { id: string };
    const hostile = `</script><script>alert("${token}")</script><!--`;
    const store = (await (
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records`, {
        method: "POST",
        headers,
        body: JSON.stringify({ title: hostile, subheading: hostile, category_ids: [category.id], status: "published" }),
      })
    ).json()) as { id: string };
    try {
      const html = await (await visit(`/stores?catID=${category.id}`)).text();
      expect(html).not.toContain(`<script>alert("${token}")`);
      for (const script of executableScripts(html)) expect(script).not.toContain(token);
      const data = hydrationData(html) as unknown as { loaderData: { stores: { stores: { items: Store[] } } } };
      expect(data.loaderData.stores.stores.items[0]!.title).toBe(hostile);
    } finally {
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records/${store.id}`, { method: "DELETE", headers });
      await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_categories/records/${category.id}`, { method: "DELETE", headers });
    }
  });

  it("gives crawlers the whole document in one piece", async () => {
    const response = await visit("/stores", { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("All Popular Stores");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });
});

describe("not-found", () => {
  it.each(["/no-such-page", "/not-found", "/stores/acme/x/y/z"])("%s renders the not-found page with status 404", async (path) => {
    const response = await visit(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Page not found | DealPilot</title>");
    expect(html).toContain("The page you are looking for was moved, removed or might never have existed.");
    expect(html).toContain('href="/"');
    expect(html).toContain("Go to homepage");
  });

  it("refuses non-GET methods on pages with 405", async () => {
    const response = await visit("/stores", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
  });
});
