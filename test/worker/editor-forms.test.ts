import { describe, expect, it } from "vitest";
import { superuserToken, testEnv } from "./helpers";

/**
 * Issue 51, editors in PocketBase's admin UI: a record form lists the collection's fields in
 * the order of its schema, so each content collection's fields come in the order an editor
 * fills them, `status` after them and what nobody types (the site's revision date,
 * PocketBase's times, the site's counters) last (pocketbase/pb_hooks/field-order.js, applied
 * by migration 1767227410 and kept by a hook on every save of the schema); `status` is
 * required and its help says so (1767227420_status_help.js).
 */

interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  help?: string;
}

const CONTENT = ["_zdata_offers", "_zdata_stores", "Products", "_zdata_comparisons", "_zdata_advertorials", "_zdata_articles"];
const COUNTERS = new Set(["worked_count", "failed_count", "click_count", "view_count"]);
/** Set by the site or PocketBase, never typed: after `status`, in this order. */
const SET_BY_THE_SITE = ["revised_at", "create_time", "update_time"];

async function schemaRequest(collection: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}`, {
    ...init,
    headers: { Authorization: await superuserToken(), "Content-Type": "application/json" },
  });
}

async function fieldsOf(collection: string): Promise<SchemaField[]> {
  const response = await schemaRequest(collection);
  expect(response.status).toBe(200);
  return ((await response.json()) as { fields: SchemaField[] }).fields;
}

describe("the admin UI's record forms", () => {
  it.each(CONTENT)("%s: what an editor fills, then status, then the times PocketBase sets and the counters", async (collection) => {
    const names = (await fieldsOf(collection)).map((field) => field.name);
    const status = names.indexOf("status");
    const tail = names.slice(status + 1);
    const times = tail.filter((name) => !COUNTERS.has(name));
    expect(times).toEqual(SET_BY_THE_SITE.filter((name) => names.includes(name)));
    expect(tail).toEqual([...times, ...tail.filter((name) => COUNTERS.has(name))]);
    expect(names.slice(0, status).filter((name) => COUNTERS.has(name) || SET_BY_THE_SITE.includes(name))).toEqual([]);
  });

  it("a field added to the schema later takes its place before status, not after the counters", async () => {
    const name = `added_${crypto.randomUUID().slice(0, 8)}`;
    const before = await fieldsOf("_zdata_articles");
    const added = await schemaRequest("_zdata_articles", { method: "PATCH", body: JSON.stringify({ fields: [...before, { name, type: "text" }] }) });
    try {
      expect(added.status).toBe(200);
      const names = (await fieldsOf("_zdata_articles")).map((field) => field.name);
      expect(names.indexOf(name)).toBe(names.indexOf("status") - 1);
    } finally {
      const removed = await schemaRequest("_zdata_articles", { method: "PATCH", body: JSON.stringify({ fields: before }) });
      expect(removed.status).toBe(200);
    }
  });

  it("the offer form starts with the store, the title, the type and the code", async () => {
    const names = (await fieldsOf("_zdata_offers")).map((field) => field.name);
    expect(names.slice(0, 6)).toEqual(["id", "store", "heading", "subheading", "type", "coupon_code"]);
  });

  it("the store form starts with the name and the texts of its page", async () => {
    const names = (await fieldsOf("_zdata_stores")).map((field) => field.name);
    expect(names.slice(0, 4)).toEqual(["id", "title", "slug", "subheading"]);
  });

  it.each(CONTENT)("%s: status is required, and its help says so rather than inviting an empty one", async (collection) => {
    const status = (await fieldsOf(collection)).find((field) => field.name === "status")!;
    expect(status.required).toBe(true);
    expect(status.help).toMatch(/^Required\. draft: /);
    expect(status.help).not.toMatch(/empty/i);
  });
});
