import { beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Offer, Store, StoreFilter } from "../../src/data/types";
import { parsePage, region, textIn } from "./dom";
import { htmlText, LIVE, pocketbase, testEnv, visit } from "./helpers";

const ORDER = "-is_featured,-create_time,id";
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

/** The offer cards of a page, in order: each card's heading, the store it is at (a link), and
 * whether it opens a coupon's code (a button that opens a dialog). */
function cards(html: string) {
  return [...parsePage(html).querySelectorAll("main article[aria-labelledby]")].map((card) => ({
    heading: textIn(card.querySelector(`[id="${card.getAttribute("aria-labelledby")}"]`)),
    store:
      [...card.querySelectorAll("p")]
        .find((p) => textIn(p).startsWith("at "))
        ?.querySelector("a")
        ?.getAttribute("href") ?? "",
    coupon: [...card.querySelectorAll("button")].some((button) => textIn(button).startsWith("Get Code")),
  }));
}

const h1 = (html: string) => textIn(parsePage(html).querySelector("h1"));
/** The links of the offer type navigation: name, address, and whether it is the current page. */
const typeLinks = (html: string) =>
  [...(region(parsePage(html), "Offer type")?.querySelectorAll("a[href]") ?? [])].map((a) => [
    textIn(a),
    a.getAttribute("href"),
    a.getAttribute("aria-current"),
  ]);

async function expectedOffers(filter: string, page = 1) {
  const query = `perPage=30&page=${page}&sort=${ORDER}&expand=store&filter=${encodeURIComponent(filter ? `(${filter}) && ${LIVE}` : LIVE)}`;
  return pocketbase<ListResult<Offer & { expand: { store: Store } }>>(`/api/collections/_zdata_offers/records?${query}`);
}

let categories: StoreFilter[];
beforeAll(async () => {
  categories = (await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title")).items;
});

describe("/offers", () => {
  it("lists 30 offers across stores, featured first then newest, each card linking its store", async () => {
    const expected = await expectedOffers("");
    const response = await visit("/offers");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1(html)).toBe("All Coupons & Deals");
    expect(html).toContain("<title>All Coupons &amp; Deals | DealPilot</title>");
    const shown = cards(html);
    expect(shown).toHaveLength(30);
    expect(shown.map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    expect(shown.map((c) => c.store)).toEqual(expected.items.map((o) => `/stores/${encodeURIComponent(o.expand.store.title.toLowerCase())}/${o.store}`));
    expect(html).toContain('href="/offers?page=2"');
    expect(html).toContain(`<link rel="canonical" href="${testEnv.SITE_ORIGIN}/offers"/>`);
  });

  it.each([
    ["coupon", "Coupons"],
    ["deal", "Deals"],
  ])("filters by type=%s with crawlable type links", async (type, name) => {
    const expected = await expectedOffers(`type = "${type}"`);
    const html = await (await visit(`/offers?type=${type}`)).text();
    expect(h1(html)).toBe(`All ${name}`);
    const shown = cards(html);
    expect(shown.map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    // A coupon with a code offers "Get Code"; one without leads to the partner in one click, as a deal does (issue 51).
    expect(shown.map((c) => c.coupon)).toEqual(expected.items.map((o) => o.type === "coupon" && Boolean(o.coupon_code)));
    if (type === "coupon") expect(shown.some((c) => c.coupon)).toBe(true);
    const links = typeLinks(html);
    expect(links.filter(([, , current]) => current === "page")).toEqual([[name, `/offers?type=${type}`, "page"]]);
    expect(links).toContainEqual(["All", "/offers", null]);
  });

  it("filters by category and type together, keeping both in the sidebar form and the page links", async () => {
    const category = categories.find((c) => c.total > 0)!;
    const expected = await expectedOffers(`categories.id ?= "${category.id}" && type = "coupon"`);
    const html = await (await visit(`/offers?type=coupon&catID=${category.id}`)).text();
    expect(h1(html)).toBe(`${category.title} Coupons`);
    expect(cards(html).map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    const form = html.slice(html.indexOf('<form aria-label="Offer categories" action="/offers" method="get">'));
    expect(form).toMatch(/^<form [^>]*><input type="hidden" name="type" value="coupon"\/>/);
    // The offers filter lists categories without the store counts.
    expect(form).toContain(`>${htmlText(category.title)}</label>`);
    expect(typeLinks(html)).toContainEqual(["All", `/offers?catID=${category.id}`, null]);
  });

  it("shows the empty message when nothing matches", async () => {
    const response = await visit(`/offers?catID=${"q".repeat(15)}`);
    expect(response.status).toBe(200);
    expect(main(await response.text())).toContain("No Offer Yet, We are working hard to bring these offers for you.");
  });

  it.each([
    ["an unknown type", "/offers?type=voucher"],
    ["a hostile type", "/offers?type=deal%27%20||%201=1"],
    ["a hostile catID", `/offers?catID=${encodeURIComponent('" || id != "')}`],
    ["a 10 KB catID", `/offers?catID=${"x".repeat(10_240)}`],
    ["a negative page", "/offers?page=-1"],
  ])("answers %s with a 400 page", async (_, path) => {
    const response = await visit(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This address is not valid");
  });
});
