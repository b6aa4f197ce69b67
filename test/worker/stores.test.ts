import { beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Store, StoreFilter } from "../../src/data/types";
import { headings, parsePage, region, textIn } from "./dom";
import { htmlText, pocketbase, pocketbaseWriter, visit } from "./helpers";

const storeHref = (s: Pick<Store, "id" | "title">) => `/stores/${encodeURIComponent(s.title.toLowerCase())}/${s.id}`;
/** Where the store cards lead: each card is headed by the store's title, a link. */
const cardLinks = (html: string) => [...parsePage(html).querySelectorAll("article h2 a[href]")].map((a) => a.getAttribute("href")!);
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const amp = (s: string) => s.replace(/&amp;/g, "&");

let filters: StoreFilter[];
beforeAll(async () => {
  filters = (await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title")).items;
});

/** The category filter form, from the streamed document (the sidebar section comes after the shell). */
function filterForm(html: string): Element {
  const form = region(parsePage(html), "Store categories");
  expect(form?.tagName).toBe("FORM");
  return form!;
}

/** The label of a form control, as a screen reader names it. */
const labelOf = (form: Element, control: Element) => textIn(form.querySelector(`label[for="${control.getAttribute("id")}"]`));

/** The filter's checkboxes with their name, value, state and label text. */
function checkboxes(form: Element) {
  return [...form.querySelectorAll("input[type=checkbox]")].map((box) => ({
    name: box.getAttribute("name"),
    value: box.getAttribute("value"),
    checked: box.hasAttribute("checked"),
    label: labelOf(form, box),
  }));
}

describe("/stores category filter sidebar", () => {
  it("has the 'Filters' heading, a 'Category' search box and a 215 px list of 'title (total)' checkboxes", async () => {
    const html = await (await visit("/stores")).text();
    const page = parsePage(html);
    expect(headings(page)).toContainEqual({ level: 2, text: "Filters" });
    const form = filterForm(html);
    expect(textIn(form.querySelector("fieldset > legend"))).toBe("Category");
    const search = [...form.querySelectorAll("input[type=search]")];
    expect(search.map((input) => [labelOf(form, input), input.getAttribute("placeholder")])).toEqual([["Search categories", "Search"]]);
    // The checkboxes scroll in a box 215 px high.
    const list = [...form.querySelectorAll("[style]")].find((box) => box.getAttribute("style") === "height:215px");
    expect(list?.querySelectorAll("input[type=checkbox]")).toHaveLength(filters.length);
    const boxes = checkboxes(form);
    expect(boxes.map((box) => box.value)).toEqual(filters.map((f) => f.id));
    expect(boxes.map((box) => box.label)).toEqual(filters.map((f) => `${f.title} (${f.total})`));
    expect(boxes.every((box) => box.name === "catID" && !box.checked)).toBe(true);
    // Without JavaScript the form itself applies the filter.
    const apply = [...form.querySelectorAll("noscript button")];
    expect(apply.map((button) => [textIn(button), button.getAttribute("type")])).toEqual([["Apply filters", "submit"]]);
    // Below the large breakpoint the sidebar is an offcanvas behind a 'Filters' button, closed,
    // which needs a script (the js-only class: without one the panel stands open, client/styles.css).
    const toggle = [...page.querySelectorAll("button")].filter((button) => textIn(button) === "Filters");
    expect(toggle.map((button) => [button.getAttribute("type"), button.getAttribute("aria-expanded"), button.classList.contains("js-only")])).toEqual([
      ["button", "false", true],
    ]);
    expect(page.getElementById(toggle[0]!.getAttribute("aria-controls")!)).not.toBeNull();
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
    const cards = [...parsePage(html).querySelectorAll("article")].map(textIn);
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
