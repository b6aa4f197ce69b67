import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/data/types";
import { pocketbase, pocketbaseWriter, searchResults, sleep, superuserToken, testEnv, visit } from "./helpers";

/**
 * Issue 51: a search forgives a typo (one edit in a word of four letters or more) and a
 * missing or extra space, and lists what the typed words match first. The words come from
 * PocketBase's own index of the published content (pb_migrations/1767227400_search_terms.js).
 */
const search = async (q: string) => searchResults(await (await visit(`/search?q=${encodeURIComponent(q)}`)).text());
const first = async (q: string) => (await search(q))[0];
const terms = (filter: string) =>
  pocketbase<{ items: { id: string; records: number }[] }>(`/api/collections/_zsec_search_terms/records?filter=${encodeURIComponent(filter)}`);

describe("a search forgives typos", () => {
  it.each([
    ["fenra vpnn", "a letter too many"],
    ["fnera vpn", "two letters swapped"],
    ["fenr vpn", "a letter missing"],
    ["fenra vpn", "as typed"],
    ["fenravpn", "a space missing"],
  ])("%s (%s) finds the store Fenra VPN first", async (q) => {
    expect(await first(q)).toMatchObject({ kind: "Stores", title: "Fenra VPN" });
  });

  it("finds a word with a letter wrong, and two words an extra space parted", async () => {
    expect(await first("velette hostimg")).toMatchObject({ kind: "Stores", title: "Velette Hosting" });
    expect(await first("dun wick vault")).toMatchObject({ kind: "Stores", title: "Dunwick Vault" });
  });

  it("finds for 'vpnn' and 'antivirs' what 'vpn' and 'antivirus' find", async () => {
    expect((await search("vpnn")).slice(0, 5)).toEqual((await search("vpn")).slice(0, 5));
    expect((await search("antivirs")).slice(0, 5)).toEqual((await search("antivirus")).slice(0, 5));
    expect(await search("vpnn")).not.toEqual([]);
  });

  it("does not correct a word of three letters, nor a word the content holds", async () => {
    expect(await search("vpm")).toEqual([]);
    // "fiber" is in the content: the search never turns it into another word.
    const fiber = await search("fiber");
    expect(fiber.length).toBeGreaterThan(0);
    expect(fiber.every((result) => !/fibre/i.test(result.title))).toBe(true);
  });
});

describe("typos' matches, and the index behind them", () => {
  const marker = `qz${crypto
    .randomUUID()
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`;
  let writer: Awaited<ReturnType<typeof pocketbaseWriter>>;
  let exact: Store;
  let named: Store;
  beforeAll(async () => {
    writer = await pocketbaseWriter();
    // The misspelling only in its long description, which the index leaves out: an exact match.
    exact = await writer.create<Store>("_zdata_stores", {
      title: `${marker} Exact Store`,
      subheading: "Nothing to see",
      description: `<p>Our ${marker}securty review.</p>`,
    });
    named = await writer.create<Store>("_zdata_stores", { title: `${marker}security Store`, subheading: "A store named with the word" });
  });
  afterAll(() => writer.cleanup());

  it("lists what the typed words match before what a typo's correction matches", async () => {
    const results = await search(`${marker}securty`);
    expect(results.map((result) => result.title)).toEqual([exact.title, named.title]);
  });

  it("follows the content: a new title's words at once, a draft's and an old title's never", async () => {
    const word = `${marker}lumen`;
    const store = await writer.create<Store>("_zdata_stores", { title: `${word} Store` });
    expect((await terms(`id = "${word}"`)).items).toEqual([expect.objectContaining({ id: word, records: 1 })]);
    // A typo of the new word finds it (the index changed with the record).
    await sleep(2_100);
    expect(await first(`${marker}lumne store`)).toMatchObject({ title: `${word} Store` });

    const renamed = `${marker}nimbus`;
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records/${store.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ title: `${renamed} Store`, status: "draft" }),
    });
    expect((await terms(`id = "${word}" || id = "${renamed}"`)).items).toEqual([]);
  });
});
