import { describe, expect, it } from "vitest";
import { PUBLIC_COLLECTIONS } from "../../src/data/collections";
import { MAX_PARAM_LENGTH } from "../../src/edge/cache/content-params";
import type { ListResult, Store, Website } from "../../src/data/types";
import { originRequests, pocketbase, uniqueFilter, visit } from "./helpers";

type PbError = { status: number; message: string; data: Record<string, unknown> };

describe("GET /api/collections/{name}/records", () => {
  it.each(Object.keys(PUBLIC_COLLECTIONS))("answers the spec collection %s", async (name) => {
    const response = await visit(`/api/collections/${name}/records?perPage=1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListResult<unknown>;
    expect(body).toMatchObject({ page: 1, perPage: 1 });
    expect(Array.isArray(body.items)).toBe(true);
  });

  it("serves an alias from the same records as its base collection (no copied data)", async () => {
    const base = (await (await visit("/api/collections/_zdata_stores/records?sort=title&perPage=5")).json()) as ListResult<Store>;
    const alias = (await (await visit("/api/collections/Stores/records?sort=title&perPage=5")).json()) as ListResult<Store>;
    expect(alias.items.map((s) => s.id)).toEqual(base.items.map((s) => s.id));
    const editorials = (await (await visit("/api/collections/Editorials/records?perPage=3&sort=title")).json()) as ListResult<Store>;
    const advertorials = (await (await visit("/api/collections/_zdata_advertorials/records?perPage=3&sort=title")).json()) as ListResult<Store>;
    expect(editorials.items.map((s) => s.id)).toEqual(advertorials.items.map((s) => s.id));
  });

  it.each(["_superusers", "users", "websites", "_pb_users_auth_", "nope", "_zdata_stores_x", "constructor", "__proto__"])(
    "answers 404 for %s, which is not a spec collection",
    async (name) => {
      const response = await visit(`/api/collections/${name}/records`);
      expect(response.status).toBe(404);
      // PocketBase's answer for a collection it does not have: outside the allow-list, none exists.
      expect(await response.json()).toEqual({ status: 404, message: "Missing collection context.", data: {} });
    },
  );

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses %s with 405: the API is read-only", async (method) => {
    for (const path of ["/api/collections/Stores/records", "/api/collections/_zdata_stores/records/abc123"]) {
      const response = await visit(path, { method, body: method === "DELETE" ? undefined : "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
    }
  });

  it("answers HEAD like GET without a body", async () => {
    const response = await visit("/api/collections/_zdata_categories/records", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("applies the content-service defaults page 1 and perPage 30", async () => {
    const body = (await (await visit("/api/collections/_zdata_offers/records")).json()) as ListResult<unknown>;
    expect(body.page).toBe(1);
    expect(body.perPage).toBe(30);
    expect(body.items).toHaveLength(30);
  });

  it("forwards page, perPage, filter, sort, expand, fields and skipTotal", async () => {
    const expected = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=-title&perPage=4&page=2");
    const query = new URLSearchParams({
      page: "2",
      perPage: "4",
      sort: "-title",
      filter: 'title != ""',
      expand: "category_ids",
      fields: "id,title,expand.category_ids.title",
      skipTotal: "1",
    });
    const body = (await (await visit(`/api/collections/Stores/records?${query}`)).json()) as ListResult<Store>;
    expect(body.page).toBe(2);
    expect(body.perPage).toBe(4);
    expect(body.items.map((s) => s.id)).toEqual(expected.items.map((s) => s.id));
    expect(body.totalItems).toBe(-1); // skipTotal reached PocketBase
    expect(Object.keys(body.items[0]!).sort()).toEqual(["expand", "id", "title"]);
    expect(body.items[0]!.expand?.category_ids?.[0]).toEqual({ title: expect.any(String) });
  });

  it("drops parameters the spec does not name", async () => {
    const plain = await (await visit("/api/collections/_zdata_badges/records")).json();
    const withExtra = await (await visit("/api/collections/_zdata_badges/records?token=x&expand=&perPage=30&debug=1")).json();
    expect(withExtra).toEqual(plain);
  });

  it("answers PocketBase's error shape for a malformed filter", async () => {
    const response = await visit(`/api/collections/Stores/records?filter=${encodeURIComponent("title ~~ (")}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as PbError;
    expect(body.status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["page=0", 1, 30],
    ["page=-4&perPage=-1", 1, 30],
    ["perPage=0", 1, 30],
    ["page=&perPage=", 1, 30],
    ["perPage=1000", 1, 1000],
    ["perPage=100000", 1, 1000],
    ["page=007&perPage=2", 7, 2],
  ])("reads %s as PocketBase does: page %i, perPage %i", async (query, page, perPage) => {
    const expected = await pocketbase<ListResult<unknown>>(`/api/collections/_zdata_stores/records?${query}&fields=id`);
    expect(expected).toMatchObject({ page, perPage });
    const response = await visit(`/api/collections/Stores/records?${query}&fields=id`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });

  it("shares one cache entry between equal readings (perPage=5000 is perPage=1000)", async () => {
    const { filter, token } = uniqueFilter();
    await visit(`/api/collections/Stores/records?perPage=1000&fields=id&filter=${encodeURIComponent(filter)}`);
    const again = await visit(`/api/collections/Stores/records?perPage=5000&fields=id&filter=${encodeURIComponent(filter)}`);
    expect(again.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await originRequests(token)).toBe(1);
  });

  it.each([
    ["page=abc", "Something went wrong while processing your request."],
    ["perPage=1.5", "Something went wrong while processing your request."],
    [`filter=${"x".repeat(MAX_PARAM_LENGTH + 1)}`, "Invalid filter: too long."],
  ])("rejects %s with PocketBase's 400", async (query, message) => {
    const response = await visit(`/api/collections/Stores/records?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, message, data: {} });
  });
});

describe("GET /api/collections/{name}/records/{id}", () => {
  it("answers one record, with expand", async () => {
    const [first] = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title")).items;
    const response = await visit(`/api/collections/Stores/records/${first!.id}?expand=category_ids`);
    expect(response.status).toBe(200);
    const store = (await response.json()) as Store;
    expect(store.id).toBe(first!.id);
    expect(store.expand?.category_ids?.length).toBeGreaterThan(0);
  });

  it("answers 'Missing required record id.' for an empty id", async () => {
    const response = await visit("/api/collections/Stores/records/");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: "Missing required record id.", data: {} });
  });

  it("answers 'The requested resource wasn't found.' for an unknown id", async () => {
    for (const id of ["zzzzzzzzzzzzzzz", "..%2F..%2Fsettings", "a'b"]) {
      const response = await visit(`/api/collections/Stores/records/${id}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as PbError).message).toBe("The requested resource wasn't found.");
    }
  });
});

describe("nothing of PocketBase's admin side is reachable", () => {
  it.each([
    ["GET", "/api/collections"],
    ["GET", "/api/collections/_zdata_stores"],
    ["GET", "/api/settings"],
    ["GET", "/api/logs"],
    ["GET", "/api/backups"],
    ["GET", "/api/realtime"],
    ["POST", "/api/batch"],
    ["POST", "/api/collections/_superusers/auth-with-password"],
    ["POST", "/api/collections/users/auth-with-password"],
  ])("%s %s answers 404 or 405 without touching PocketBase", async (method, path) => {
    const response = await visit(path, { method, body: method === "POST" ? "{}" : undefined });
    expect([404, 405]).toContain(response.status);
  });

  it("the admin UI path is the site's not-found page", async () => {
    for (const path of ["/_/", "/_/#/login"]) {
      const response = await visit(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).not.toMatch(/pocketbase/i);
    }
  });
});

describe("GET /api/files/{collection}/{recordId}/{filename}", () => {
  it("proxies a PocketBase file with long-lived cache headers and passes thumb", async () => {
    const [store] = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title")).items;
    const path = `/api/files/_zdata_stores/${store!.id}/${store!.logo}`;
    const response = await visit(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\//);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const direct = await fetch(new URL(path, (await import("./helpers")).testEnv.POCKETBASE_URL));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(await direct.arrayBuffer()));
    expect((await visit(`${path}?thumb=100x100`)).status).toBe(200);
    // A malformed thumb is ignored, as PocketBase ignores it: the original file.
    expect((await visit(`${path}?thumb=../../x`)).status).toBe(200);
  });

  it("answers 404 for collections outside the allow-list and odd names", async () => {
    for (const path of ["/api/files/_superusers/abc/x.png", "/api/files/_zdata_stores/abc/..%2Fdata.db", "/api/files/_zdata_stores/ABC!/x.png"]) {
      expect((await visit(path)).status).toBe(404);
    }
  });
});

describe("GET /api/websites/9?populate=*", () => {
  it("answers the site-settings record with its relations expanded", async () => {
    const response = await visit("/api/websites/9?populate=*");
    expect(response.status).toBe(200);
    const site = (await response.json()) as Website;
    expect(site.id).toBe("9");
    expect(site.support_email).toMatch(/@/);
    expect(site.office_city).toBe("Dubai");
    expect(site.expand?.footer_categories?.map((c) => c.title).sort()).toEqual(["E-sim & Mobile", "Services"]);
    expect(site.expand?.featured_stores?.length).toBeGreaterThan(0);
  });

  it("does not expand without populate", async () => {
    const site = (await (await visit("/api/websites/9")).json()) as Website;
    expect(site.expand).toBeUndefined();
  });
});
