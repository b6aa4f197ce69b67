import { describe, expect, it } from "vitest";
import { superuserToken, testEnv } from "./helpers";

/**
 * Issue 51, editors in PocketBase's admin UI: a record form lists the collection's fields in
 * the order of its schema, so each content collection's fields come in the order an editor
 * fills them, `status` after them and what nobody types (PocketBase's times, the site's
 * counters) last (pb_migrations/1767227410_editor_field_order.js); `status` is required and
 * its help says so (1767227420_status_help.js).
 */

interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  help?: string;
}

const CONTENT = ["_zdata_offers", "_zdata_stores", "Products", "_zdata_comparisons", "_zdata_advertorials", "_zdata_articles"];
const COUNTERS = new Set(["worked_count", "failed_count", "click_count", "view_count"]);

async function fieldsOf(collection: string): Promise<SchemaField[]> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}`, { headers: { Authorization: await superuserToken() } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fields: SchemaField[] }).fields;
}

describe("the admin UI's record forms", () => {
  it.each(CONTENT)("%s: what an editor fills, then status, then the times PocketBase sets and the counters", async (collection) => {
    const names = (await fieldsOf(collection)).map((field) => field.name);
    const status = names.indexOf("status");
    const tail = names.slice(status);
    expect(tail.slice(0, 3)).toEqual(["status", "create_time", "update_time"]);
    expect(tail.slice(3).every((name) => COUNTERS.has(name))).toBe(true);
    expect(names.slice(0, status).filter((name) => COUNTERS.has(name))).toEqual([]);
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
