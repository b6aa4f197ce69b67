import { beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Store, StoreFilter } from "../../src/data/types";
import { htmlText, pocketbase, pocketbaseWriter, textOf, visit } from "./helpers";

const storeHref = (s: Pick<Store, "id" | "title">) => `/stores/${encodeURIComponent(s.title.toLowerCase())}/${s.id}`;
const cardLinks = (html: string) => [...html.matchAll(/<h2 class="h6 card-title"><a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const amp = (s: string) => s.replace(/&amp;/g, "&");

let filters: StoreFilter[];
beforeAll(async () => {
  filters = (await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title")).items;
});

/** The category filter form, from the streamed document (the sidebar section comes after the shell). */
function filterForm(html: string): string {
  const start = html.indexOf('<form aria-label="Store categories" action="/stores" method="get">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</form>", start));
}

/** The filter's checkboxes with their name, value, state and label text. */
function checkboxes(form: string) {
  return [...form.matchAll(/<input class="form-check-input" type="checkbox"([^>]*)\/><label class="form-check-label" for="([^"]+)">([^<]+)<\/label>/g)].map(
    (m) => {
      const attr = (name: string) => m[1]!.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
      expect(attr("id")).toBe(m[2]);
      return { name: attr("name"), value: attr("value"), checked: attr("checked") !== undefined, label: amp(m[3]!) };
    },
  );
}

describe("/stores category filter sidebar", () => {
  it("has the 'Filters' heading, a 'Category' search box and a 215 px list of 'title (total)' checkboxes", async () => {
    const html = await (await visit("/stores")).text();
    expect(html).toMatch(/<h2 id="[^"]+" class="h5 mb-3">Filters<\/h2>/);
    const form = filterForm(html);
    expect(form).toContain('<legend class="h6 fw-semibold">Category</legend>');
    expect(form).toMatch(/<label for="([^"]+)" class="visually-hidden">Search categories<\/label><input id="\1" type="search"[^>]* placeholder="Search"/);
    expect(form).toMatch(/<div id="[^"]+" class="overflow-auto border rounded px-2 py-1" style="height:215px">/);
    const boxes = checkboxes(form);
    expect(boxes.map((box) => box.value)).toEqual(filters.map((f) => f.id));
    expect(boxes.map((box) => box.label)).toEqual(filters.map((f) => `${f.title} (${f.total})`));
    expect(boxes.every((box) => box.name === "catID" && !box.checked)).toBe(true);
    // Without JavaScript the form itself applies the filter.
    expect(form).toContain('<noscript><button type="submit" class="btn btn-primary btn-sm mt-2">Apply filters</button></noscript>');
    // Below the large breakpoint the sidebar is an offcanvas behind a 'Filters' button, which
    // needs a script (js-only: without one the panel stands open, client/styles.css).
    expect(html).toMatch(
      /<button type="button" class="btn btn-outline-secondary d-lg-none mb-3 js-only" aria-controls="([^"]+)" aria-expanded="false">Filters<\/button><div id="\1" class="offcanvas-lg offcanvas-start"/,
    );
  });

  it("checks the categories the address selects, and names them in the title", async () => {
    const [a, b] = filters.filter((f) => f.total > 0);
    const html = await (await visit(`/stores?catID=${a!.id}&catID=${b!.id}`)).text();
    const checked = checkboxes(filterForm(html))
      .filter((box) => box.checked)
      .map((box) => box.value);
    expect(checked).toEqual([a!.id, b!.id]);
    expect(html).toContain(`>All ${htmlText(a!.title)}, ${htmlText(b!.title)} Stores</h1>`);
  });

  it("pages a filtered list with links that keep every catID", async () => {
    const ids = filters.filter((f) => f.total > 0).map((f) => f.id);
    const query = ids.map((id) => `catID=${id}`).join("&");
    const first = await (await visit(`/stores?${query}`)).text();
    expect(amp(first)).toContain(`href="/stores?${query}&page=2"`);
    const expected = await pocketbase<ListResult<Store>>(
      `/api/collections/_zdata_stores/records?sort=title&perPage=30&page=2&filter=${encodeURIComponent(ids.map((id) => `category_ids.id ?= "${id}"`).join(" || "))}`,
    );
    const second = await visit(`/stores?${query}&page=2`);
    expect(second.status).toBe(200);
    expect(cardLinks(main(await second.text()))).toEqual(expected.items.map(storeHref));
  });

  it("shows the spec's empty message naming the one selected category", async () => {
    const pb = await pocketbaseWriter();
    try {
      const empty = await pb.create<{ id: string }>("_zdata_categories", { title: `Quiet ${crypto.randomUUID().slice(0, 6)}` });
      const title = (await pocketbase<{ title: string }>(`/api/collections/_zdata_categories/records/${empty.id}`)).title;
      const response = await visit(`/stores?catID=${empty.id}`);
      expect(response.status).toBe(200);
      const html = main(await response.text());
      expect(html).toContain(`No Offer Yet, We are working hard to bring ${title} offers for you.`);
      expect(cardLinks(html)).toEqual([]);
    } finally {
      await pb.cleanup();
    }
  });
});

describe("/stores cards", () => {
  it("show each store's rating and number of reviewers, the figures of its structured data", async () => {
    const stores = await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=title&perPage=30");
    const html = main(await (await visit("/stores")).text());
    const cards = html
      .split('<article class="card h-100 shadow-sm">')
      .slice(1)
      .map((card) => textOf(card.slice(0, card.indexOf("</article>"))));
    expect(cards).toHaveLength(stores.items.length);
    stores.items.forEach((store, i) => {
      expect(store.rating).toBeGreaterThan(0);
      expect(cards[i]).toContain(`★ Rated ${store.rating.toFixed(1)} out of 5 (${store.reviewers.toLocaleString("en-US")} reviews)`);
    });
  });
});

describe("/stores with hostile catID values", () => {
  const valid = () => filters.find((f) => f.total > 0)!;
  const hostile = ['" || id != "', "') || 1=1 --", "a||b", "x&&y", "id>0", "a b", "ÄÖ", "%00", "{:v0}", "x".repeat(10_240)];

  const cases = hostile.map((value) => [value.length > 40 ? `${value.slice(0, 8)}… (${value.length} characters)` : value, value]);
  it.each(cases)("answers catID=%s with a 400 page, never a 500 or other data", async (_, value) => {
    const response = await visit(`/stores?catID=${encodeURIComponent(value!)}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This address is not valid");
    expect(cardLinks(html)).toEqual([]);
  });

  it("rejects a hostile value hidden among valid ones", async () => {
    const response = await visit(`/stores?catID=${valid().id}&catID=${encodeURIComponent('" || id != "')}`);
    expect(response.status).toBe(400);
  });

  it("treats 500 repeats of one id as that one filter", async () => {
    const single = await (await visit(`/stores?catID=${valid().id}`)).text();
    const repeated = await visit(`/stores?${Array.from({ length: 500 }, () => `catID=${valid().id}`).join("&")}`);
    expect(repeated.status).toBe(200);
    expect(cardLinks(main(await repeated.text()))).toEqual(cardLinks(main(single)));
  });

  it("answers 500 different ids with a 400", async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `catID=c${i.toString(36).padStart(14, "0")}`).join("&");
    expect((await visit(`/stores?${ids}`)).status).toBe(400);
  });

  it("ignores an empty catID (an unticked form)", async () => {
    const response = await visit("/stores?catID=");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(">All Popular Stores</h1>");
  });
});

describe("store cards link only to editorial pages that exist", () => {
  it("Comparison and Review appear exactly for stores a comparison or an advertorial names, and lead to them", async () => {
    type Named = { stores: string[] };
    const named = async (collection: string) =>
      new Set((await pocketbase<ListResult<Named>>(`/api/collections/${collection}/records?perPage=1000&fields=stores`)).items.flatMap((r) => r.stores));
    const [compared, reviewed] = await Promise.all([named("_zdata_comparisons"), named("_zdata_advertorials")]);
    const stores = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=30&sort=title&fields=id")).items;
    // The demo content has both kinds of store on the first page, so both branches are shown.
    expect(stores.some((s) => compared.has(s.id))).toBe(true);
    expect(stores.some((s) => !compared.has(s.id) && !reviewed.has(s.id))).toBe(true);
    const html = amp(main(await (await visit("/stores")).text()));
    for (const { id } of stores) {
      expect(html.includes(`href="/comparision?store=${id}"`), `comparison of ${id}`).toBe(compared.has(id));
      expect(html.includes(`href="/advertorial?store=${id}"`), `review of ${id}`).toBe(reviewed.has(id));
    }
    for (const [, kind, id] of html.matchAll(/href="\/(comparision|advertorial)\?store=([a-z0-9]+)"/g)) {
      const page = await visit(`/${kind}?store=${id}`);
      expect(page.status, `${kind} of ${id}`).toBe(200);
      expect(await page.text()).not.toContain("No review yet");
    }
  });
});
