import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Offer, Store } from "../../src/data/types";
import { storePath } from "../../src/lib/slug";
import app from "../../src/worker";
import { linksNamed, parsePage, precedes, region, textIn } from "./dom";
import { htmlText, LIVE, OPERATOR, pocketbase, testEnv } from "./helpers";

/**
 * Offers for the visitor's country (issue 36), through the page cache: each page that lists
 * a country-limited offer is kept once per country and never served to another; every other
 * page stays one copy for all. Countries: US, DE, and none (unknown: every offer offered).
 */
const CACHED_ENV = { ...testEnv, PAGE_CACHE_FRESH_S: "60", PAGE_CACHE_STALE_S: "3600" };
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Country = "US" | "DE" | null;
const ORDERS: Country[][] = [
  ["US", "DE", null],
  ["DE", "US", null],
  [null, "US", "DE"],
  [null, "DE", "US"],
];
const label = (country: Country) => country ?? "none";

interface Visit {
  response: Response;
  html: string;
  cache: string | null;
}

async function visitFrom(country: Country, path: string, init: { headers?: Record<string, string>; env?: Record<string, unknown> } = {}): Promise<Visit> {
  const ctx = createExecutionContext();
  const headers = { ...(country ? { "CF-IPCountry": country } : {}), ...init.headers };
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), { headers }), init.env ?? CACHED_ENV, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, cache: response.headers.get("X-Edge-Cache") };
}

const fresh = () => `t=${crypto.randomUUID().slice(0, 8)}`;
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
const offeredIn = (countries: readonly string[], country: Country) => country === null || countries.length === 0 || countries.includes(country);

type LiveOffer = Pick<Offer, "id" | "heading" | "cta_url" | "countries" | "store" | "type" | "cta_urls">;

let offers: LiveOffer[];
/** A live offer limited to countries that include the US but not Germany, its heading found once among live offers. */
let usOnly: LiveOffer;
let usOnlyStore: Store;
/** Every partner URL of the live offers, and the countries of each offer using it. */
let urlCountries: Map<string, string[][]>;

/** The offers' partner URLs a page links to through /goto. */
function offerLinks(html: string): string[] {
  return [...html.matchAll(/href="\/goto\?url=([^"&]+)/g)].map((m) => decodeURIComponent(m[1]!.replace(/&amp;/g, "&"))).filter((url) => urlCountries.has(url));
}

/** Every offer the page offers (a call to action) is offered in `country`. */
function expectOnlyOffered(html: string, country: Country, where: string) {
  for (const url of offerLinks(html)) {
    const offered = urlCountries.get(url)!.some((countries) => offeredIn(countries, country));
    expect(offered, `${where} offers ${url} to ${label(country)}`).toBe(true);
  }
}

beforeAll(async () => {
  offers = [];
  for (let page = 1; ; page++) {
    const list = await pocketbase<ListResult<LiveOffer>>(
      `/api/collections/_zdata_offers/records?page=${page}&perPage=500&sort=-is_featured,-create_time,id&fields=id,heading,cta_url,countries,store,type,cta_urls&filter=${encodeURIComponent(LIVE)}`,
    );
    offers.push(...list.items);
    if (page >= list.totalPages) break;
  }
  urlCountries = new Map();
  for (const offer of offers) urlCountries.set(offer.cta_url, [...(urlCountries.get(offer.cta_url) ?? []), offer.countries]);
  const headings = new Map<string, number>();
  for (const offer of offers) headings.set(offer.heading, (headings.get(offer.heading) ?? 0) + 1);
  usOnly = offers.find((offer) => offer.countries.includes("US") && !offer.countries.includes("DE") && headings.get(offer.heading) === 1)!;
  expect(usOnly, "the seed limits some live offer to the US and not Germany").toBeDefined();
  usOnlyStore = await pocketbase<Store>(`/api/collections/_zdata_stores/records/${usOnly.store}`);
});

/** Visits `path` from each country in `order`, then twice again: the first visits render
 * (and store a copy per country), the others are hits, each the same stored document its
 * country got. Returns those documents, and checks the first renders offered the same. */
async function throughTheCache(
  path: string,
  order: Country[],
  same: (html: string, country: Country) => void = () => undefined,
): Promise<Map<Country, string>> {
  for (const country of order) {
    const visit = await visitFrom(country, path);
    expect(visit.response.status).toBe(200);
    expect(visit.cache, `${path} first from ${label(country)}`).toBe("MISS");
    same(visit.html, country);
  }
  const stored = new Map<Country, string>();
  for (const country of order) {
    const again = await visitFrom(country, path);
    expect(again.cache, `${path} again from ${label(country)}`).toBe("HIT");
    stored.set(country, again.html);
  }
  for (const country of order) {
    const third = await visitFrom(country, path);
    expect(third.cache, `${path} a third time from ${label(country)}`).toBe("HIT");
    expect(withoutNonces(third.html), `${path} a third time from ${label(country)}`).toBe(withoutNonces(stored.get(country)!));
  }
  return stored;
}

describe("a store page with an offer limited to some countries", () => {
  const path = () => storePath(usOnlyStore);
  const tabCount = (html: string) => Number(html.match(/>All \((\d+)\)</)?.[1]);
  const storeOffers = () => offers.filter((offer) => offer.store === usOnlyStore.id);
  /** The heading of the page's closed list of offers not available in the visitor's country, as read; empty when there is none. */
  const elsewhereHeading = (html: string) => textIn(region(parsePage(html), /^Not available in /)?.querySelector("h2"));

  it.each(ORDERS)("shows each country its own view through the page cache, in the order %s, %s, %s", async (...order) => {
    const views = await throughTheCache(`${path()}?${fresh()}`, order, (html, country) => expectOnlyOffered(html, country, "the store page's render"));
    for (const [country, html] of views) {
      expectOnlyOffered(html, country, "the store page");
      // Counts count what is offered.
      expect(tabCount(html), label(country)).toBe(storeOffers().filter((offer) => offeredIn(offer.countries, country)).length);
      // The visitor's country is named in the document for the browser's loaders, after the cache.
      if (country) expect(html).toContain(`<meta name="dp-country" content="${country}">`);
      else expect(html).not.toContain('name="dp-country"');
    }
    expect(offerLinks(views.get("US")!)).toContain(usOnly.cta_url);
    expect(offerLinks(views.get(null)!)).toContain(usOnly.cta_url);
    // Germany gets it last, in a closed section with no call to action or code.
    const german = views.get("DE")!;
    expect(offerLinks(german)).not.toContain(usOnly.cta_url);
    const notHere = storeOffers().filter((offer) => !offeredIn(offer.countries, "DE"));
    const page = parsePage(german);
    const closed = region(page, /^Not available in /);
    expect(textIn(closed?.querySelector("h2"))).toBe(`Not available in Germany (${notHere.length})`);
    expect(textIn(closed)).toContain(usOnly.heading);
    expect(closed?.querySelectorAll("a[href^='/goto']")).toHaveLength(0);
    // Closed until the visitor opens it, after every offer the visitor can use.
    expect(closed?.querySelector("details")?.hasAttribute("open")).toBe(false);
    const cards = [...page.querySelectorAll("article.offer-card")];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(precedes(page, card, closed!), textIn(card.querySelector("h3, h2"))).toBe(true);
    // Every offer is offered where the country is unknown; the US lists its own others last.
    expect(elsewhereHeading(views.get(null)!)).toBe("");
    const notInUs = storeOffers().filter((offer) => !offeredIn(offer.countries, "US")).length;
    expect(elsewhereHeading(views.get("US")!)).toBe(notInUs ? `Not available in United States (${notInUs})` : "");
  });

  it("gives its structured data's Offers the regions they are limited to", async () => {
    const { html } = await visitFrom("US", `${path()}?${fresh()}`, { headers: { "User-Agent": GOOGLEBOT } });
    const nodes = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) => JSON.parse(m[1]!)["@graph"] ?? []);
    const offerNodes = nodes.filter((node) => node["@type"] === "Offer");
    const limited = offerNodes.find((node) => node.name === usOnly.heading);
    expect(limited?.eligibleRegion).toEqual(usOnly.countries);
    for (const node of offerNodes.filter((node) => node.name !== usOnly.heading && !node.eligibleRegion)) {
      expect(storeOffers().some((offer) => offer.heading === node.name && offer.countries.length === 0)).toBe(true);
    }
  });

  it("gives a crawler what a visitor from its country gets, at the same address", async () => {
    const query = fresh();
    const crawler = await visitFrom("DE", `${path()}?${query}`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(elsewhereHeading(crawler.html)).toMatch(/^Not available in Germany \(\d+\)$/);
    expect(offerLinks(crawler.html)).not.toContain(usOnly.cta_url);
    const american = await visitFrom("US", `${path()}?${query}`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(american.cache).toBe("MISS");
    expect(offerLinks(american.html)).toContain(usOnly.cta_url);
  });

  it("takes XX, T1 and unknown codes for no country: the worldwide view, one copy", async () => {
    const query = `${path()}?${fresh()}`;
    expect((await visitFrom(null, query)).cache).toBe("MISS");
    for (const unknown of ["XX", "T1", "ZZ"]) {
      const visit = await visitFrom(null, query, { headers: { "CF-IPCountry": unknown } });
      expect(visit.cache, unknown).toBe("HIT");
      expect(offerLinks(visit.html)).toContain(usOnly.cta_url);
    }
  });

  it("follows the visitor's choice of country over the header", async () => {
    const query = `${path()}?${fresh()}`;
    const chose = await visitFrom("US", query, { headers: { Cookie: "dp_country=DE" } });
    expect(elsewhereHeading(chose.html)).toMatch(/^Not available in Germany \(\d+\)$/);
    expect(chose.html).toContain('<meta name="dp-country" content="DE" data-chosen="">');
    const german = await visitFrom("DE", query);
    expect(german.cache).toBe("HIT");
    // A choice that is no country leaves the header's.
    const american = await visitFrom("US", query, { headers: { Cookie: "dp_country=XX" } });
    expect(offerLinks(american.html)).toContain(usOnly.cta_url);
  });

  it("is purged in every country's copy", async () => {
    const query = `${path()}?${fresh()}`;
    for (const country of ["US", "DE", null] as Country[]) await visitFrom(country, query);
    expect((await visitFrom("DE", query)).cache).toBe("HIT");
    const ctx = createExecutionContext();
    const purged = await app.fetch(
      new Request("http://127.0.0.1:8787/_cache/purge", {
        method: "POST",
        headers: { ...OPERATOR, "Content-Type": "application/json" },
        body: JSON.stringify({ urls: [query] }),
      }),
      CACHED_ENV,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(purged.status).toBe(200);
    expect((await purged.json()) as unknown).toMatchObject({ purged: [{ pages: 3 }] });
    for (const country of ["US", "DE", null] as Country[]) expect((await visitFrom(country, query)).cache, label(country)).toBe("MISS");
  });

  it("carries the same tags in every country's copy, so a purge by tag reaches them all", async () => {
    const query = `${path()}?${fresh()}`;
    for (const country of ["US", "DE"] as Country[]) await visitFrom(country, query);
    for (const country of ["US", "DE"] as Country[]) {
      const copy = await visitFrom(country, query, { headers: OPERATOR });
      expect(copy.cache).toBe("HIT");
      const tags = copy.response.headers.get("Cache-Tag")?.split(",");
      for (const tag of ["dp-page", "_zdata_offers", `_zdata_offers:${usOnly.id}`, `_zdata_stores:${usOnlyStore.id}`])
        expect(tags, `${label(country)} ${tag}`).toContain(tag);
    }
  });
});

describe("pages that list no country-limited offer", () => {
  it("stay one copy for every country", async () => {
    const store = (
      await pocketbase<ListResult<Store>>(`/api/collections/_zdata_stores/records?perPage=200&fields=id,title,collectionName&sort=title`)
    ).items.find((candidate) => !offers.some((offer) => offer.store === candidate.id && offer.countries.length > 0))!;
    for (const path of [`/about-us?${fresh()}`, `${storePath(store)}?${fresh()}`]) {
      expect((await visitFrom("US", path)).cache, path).toBe("MISS");
      expect((await visitFrom("DE", path)).cache, path).toBe("HIT");
      expect((await visitFrom(null, path)).cache, path).toBe("HIT");
    }
  });
});

describe("/offers", () => {
  it.each(ORDERS)("offers each country only its offers through the page cache, in the order %s, %s, %s", async (...order) => {
    // The page of the list holding the first offer Germany is not offered.
    const index = offers.findIndex((offer) => !offeredIn(offer.countries, "DE"));
    const page = Math.floor(index / 30) + 1;
    const views = await throughTheCache(`/offers?page=${page}&${fresh()}`, order, (html, country) => expectOnlyOffered(html, country, "/offers' render"));
    for (const [country, html] of views) expectOnlyOffered(html, country, "/offers");
    expect(offerLinks(views.get(null)!)).toContain(offers[index]!.cta_url);
    expect(offerLinks(views.get("DE")!)).not.toContain(offers[index]!.cta_url);
  });
});

describe("home", () => {
  const seedOf = (html: string) => html.match(/"seed":(\d+)/)?.[1];

  it.each(ORDERS)("offers each country only its offers through the page cache, in the order %s, %s, %s", async (...order) => {
    const views = await throughTheCache(`/?${fresh()}`, order, (html, country) => expectOnlyOffered(html, country, "home's render"));
    for (const [country, html] of views) expectOnlyOffered(html, country, "home");
    // One render per country: three shuffles.
    expect(new Set([...views.values()].map(seedOf)).size).toBe(3);
    // The worldwide view offers some deal Germany is not offered, which Germany's leaves out.
    const notInGermany = offerLinks(views.get(null)!).filter((url) => !urlCountries.get(url)!.some((countries) => offeredIn(countries, "DE")));
    expect(notInGermany.length).toBeGreaterThan(0);
  });
});

describe("search", () => {
  it.each(ORDERS)("finds offers available in the country only, through the page cache, in the order %s, %s, %s", async (...order) => {
    const views = await throughTheCache(`/search?q=${encodeURIComponent(usOnly.heading)}&type=offers&${fresh()}`, order);
    const hit = `>${htmlText(usOnly.heading)}<`;
    expect(views.get("US")).toContain(hit);
    expect(views.get(null)).toContain(hit);
    expect(views.get("DE")).not.toContain(hit);
  });

  it("suggests offers available in the country only, each country's answer kept apart", async () => {
    const ask = (country: Country) => visitFrom(country, `/api/search/suggestions?q=${encodeURIComponent(usOnlyStore.title)}`);
    const titles = (visit: Visit) => (JSON.parse(visit.html) as { items: { title: string }[] }).items.map((item) => item.title);
    const american = await ask("US");
    const german = await ask("DE");
    const offered = (country: Country) =>
      new Set(offers.filter((offer) => offer.store === usOnlyStore.id && offeredIn(offer.countries, country)).map((offer) => offer.heading));
    for (const title of titles(german)) expect(offered("US").has(title) && !offered("DE").has(title), title).toBe(false);
    expect((await ask("US")).cache).toBe("HIT");
    expect(titles(await ask("US"))).toEqual(titles(american));
  });
});

describe("/goto", () => {
  it("sends a visitor from a country with its own partner URL there, and everyone else to the offer's URL", async () => {
    const offer = offers.find((candidate) => candidate.cta_urls && Object.keys(candidate.cta_urls).length > 0)!;
    expect(offer, "the seed gives some offer a country's own URL").toBeDefined();
    const [country, url] = Object.entries(offer.cta_urls!)[0]!;
    const go = (headers: Record<string, string>) => visitFrom(null, `/goto?url=${encodeURIComponent(offer.cta_url)}`, { headers });
    const local = await go({ "CF-IPCountry": country });
    expect(local.response.status).toBe(302);
    expect(new URL(local.response.headers.get("Location")!).host).toBe(new URL(url).host);
    const other = await go({ "CF-IPCountry": country === "US" ? "DE" : "US" });
    expect(new URL(other.response.headers.get("Location")!).host).toBe(new URL(offer.cta_url).host);
    const none = await go({});
    expect(new URL(none.response.headers.get("Location")!).host).toBe(new URL(offer.cta_url).host);
    // The visitor's choice wins over the header.
    const chose = await go({ "CF-IPCountry": country === "US" ? "DE" : "US", Cookie: `dp_country=${country}` });
    expect(new URL(chose.response.headers.get("Location")!).host).toBe(new URL(url).host);
    // The country's host is a partner's: a link straight to it redirects too.
    const direct = await visitFrom(null, `/goto?url=${encodeURIComponent(url)}`);
    expect(direct.response.status).toBe(302);
  });
});

describe("the country control", () => {
  it("names the visitor's country (their choice first) with a form that needs no JavaScript, in the site's frame, kept per country", async () => {
    const path = `/country?back=${encodeURIComponent("/offers?page=2")}&${fresh()}`;
    const views = new Map<string, Visit>();
    for (const [name, country, headers] of [
      ["DE", "DE", {}],
      ["none", null, {}],
      ["US chose GB", "US", { Cookie: "dp_country=GB" }],
      ["DE again", "DE", {}],
    ] as const) {
      const visit = await visitFrom(country, path, { headers });
      expect(visit.response.status).toBe(200);
      expect(visit.html).toContain('<meta name="robots" content="noindex"/>');
      // The site's frame (issue 51): header, footer, favicon, the theme's pre-paint script.
      for (const part of ["<header", "<footer", 'rel="icon"', "data-bs-theme"]) expect(visit.html).toContain(part);
      views.set(name, visit);
    }
    expect(views.get("DE again")!.cache).toBe("HIT");
    const html = (name: string) => views.get(name)!.html;
    expect(html("DE")).toContain("Offers for: <strong>Germany</strong>");
    expect(html("US chose GB")).toContain("Offers for: <strong>United Kingdom</strong>");
    expect(html("none")).toContain("Offers for: <strong>every country</strong>");
    const form = html("DE").match(/<form [^>]*action="\/country" method="post">(.*?)<\/form>/s)?.[1] ?? "";
    expect(form).toContain('<input type="hidden" name="back" value="/offers?page=2"/>');
    expect(form).toContain('<option value="DE" selected="">Germany</option>');
    expect(form).toContain('<option value="">Where I am</option>');
    expect(form.match(/<option value="[A-Z]{2}"/g)).toHaveLength(249);
    expect(html("none")).toContain('<option value="" selected="">Where I am</option>');
    // Only a path of this site to go back to.
    const hostile = await visitFrom("DE", `/country?back=${encodeURIComponent("//evil.example/x")}`);
    expect(hostile.html).toContain('<input type="hidden" name="back" value="/"/>');
  });

  it("once a country is chosen, says on every page with offers which country they are for, with a link to change it", async () => {
    const note = (html: string) => {
      // Present on every such page, filled only for a chosen country (the shared copy holds it empty).
      const shown = parsePage(html).querySelector("[data-country-note]");
      return shown && { text: textIn(shown), change: linksNamed(shown, "Change country").map((link) => link.getAttribute("href")) };
    };
    for (const path of ["/", "/offers", storePath(usOnlyStore), "/search?q=vpn"]) {
      const query = `${path}${path.includes("?") ? "&" : "?"}${fresh()}`;
      // Chosen: the note names the country and links the control, back to this page.
      const chose = await visitFrom("US", query, { headers: { Cookie: "dp_country=DE" } });
      expect(note(chose.html), path).toEqual({
        text: "Offers for Germany , the country you chose. Change country",
        change: [`/country?back=${encodeURIComponent(query)}`],
      });
      expect(chose.html).toContain('<meta name="dp-country" content="DE" data-chosen="">');
      // By the connection only, and from the shared copy: empty, and the copy stored empty.
      const local = await visitFrom("DE", query);
      expect(note(local.html), path).toEqual({ text: "", change: [] });
      expect(local.html).not.toContain("data-chosen");
    }
  });

  it("is linked from /offers, and from a store page's list of offers not available in the country", async () => {
    const offersPage = await visitFrom(null, `/offers?${fresh()}`);
    expect(offersPage.html).toMatch(/<a href="\/country\?back=%2Foffers">Offers for your country<\/a>/);
    const store = await visitFrom("DE", `${storePath(usOnlyStore)}?${fresh()}`);
    expect(store.html).toContain(`<a href="/country?back=${encodeURIComponent(storePath(usOnlyStore)).replace(/%3F.*/, "")}`);
  });

  const choose = (body: string, headers: Record<string, string> = {}) =>
    app.fetch(
      new Request("http://127.0.0.1:8787/country", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body }),
      CACHED_ENV,
      createExecutionContext(),
    );

  it("sets the choice cookie and goes back to the page, without JavaScript", async () => {
    const response = await choose("country=DE&back=%2Foffers%3Fpage%3D2");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/offers?page=2");
    expect(response.headers.get("Set-Cookie")).toBe(`dp_country=DE; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
  });

  it("clears the choice for the country the visitor is in, and refuses other values and other sites", async () => {
    const cleared = await choose("country=&back=%2F");
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("Set-Cookie")).toMatch(/^dp_country=; Path=\/; Max-Age=0;/);
    expect((await choose("country=XX&back=%2F")).status).toBe(400);
    expect((await choose("back=%2F")).status).toBe(400);
    expect((await choose("country=DE&back=%2F%2Fevil.example")).headers.get("Location")).toBe("/");
    expect((await choose("country=DE&back=%2F", { Origin: "https://evil.example" })).status).toBe(403);
  });
});
