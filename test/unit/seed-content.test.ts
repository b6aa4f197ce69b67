import { describe, expect, it } from "vitest";
import {
  generateContent,
  ICON_CODE_PATTERN,
  REQUIRED_CATEGORY_TITLES,
  SEED_COLLECTIONS,
  SEED_DAY,
  utcDayStart,
  WEBSITE_ID,
  type SeedContent,
  type SeedKey,
} from "../../pocketbase/seed-content.mjs";
import { LIMITS } from "../../src/lib/rules";

const content = generateContent({ scale: 1 });

/** Relation fields of every collection and the collection they point at. */
const RELATIONS: Record<SeedKey, Record<string, SeedKey>> = {
  categories: {},
  badges: {},
  stores: { category_ids: "categories", badge: "badges" },
  offers: { badge: "badges", badges: "badges", categories: "categories", store: "stores" },
  banners: {},
  authors: { badges: "badges" },
  products: { primary_category: "categories", categories: "categories", offers: "offers", coupon_offer: "offers" },
  articles: { product: "products", offers: "offers", authors: "authors", categories: "categories" },
  comparisons: {
    primary_product: "products",
    primary_product_badges: "badges",
    secondery_product: "products",
    secondery_product_badges: "badges",
    products: "products",
    authors: "authors",
    categories: "categories",
    stores: "stores",
  },
  advertorials: { products: "products", authors: "authors", categories: "categories", stores: "stores" },
  websites: { footer_categories: "categories", featured_stores: "stores" },
  clicks: { offer: "offers", store: "stores" },
  networks: {},
  marketers: {},
  editors: {},
  campaignClicks: { offer: "offers", store: "stores" },
  conversions: { network: "networks", offer: "offers", store: "stores" },
};

function idsOf(data: SeedContent, key: SeedKey): Set<string> {
  return new Set((data[key] as Array<{ id: string }>).map((r) => r.id));
}

function words(s: string): number {
  return s.trim().split(/\s+/).length;
}

describe("generateContent", () => {
  it("is deterministic", () => {
    expect(generateContent({ scale: 1 })).toEqual(content);
    expect(generateContent()).toEqual(content);
  });

  it("has the documented counts", () => {
    expect(content.categories.length).toBeGreaterThanOrEqual(14);
    expect(content.badges).toHaveLength(8);
    expect(content.stores).toHaveLength(60);
    expect(content.offers).toHaveLength(400);
    expect(content.products).toHaveLength(36);
    expect(content.authors).toHaveLength(6);
    expect(content.banners).toHaveLength(6);
    expect(content.advertorials).toHaveLength(20);
    expect(content.comparisons).toHaveLength(15);
    expect(content.articles).toHaveLength(25);
    expect(content.websites).toHaveLength(1);
  });

  it("covers every collection in SEED_COLLECTIONS, in relation order", () => {
    const keys = SEED_COLLECTIONS.map(([key]) => key);
    expect(new Set(keys)).toEqual(new Set(Object.keys(content)));
    // every relation points at a collection seeded earlier
    for (const [index, key] of keys.entries()) {
      for (const target of Object.values(RELATIONS[key])) {
        expect(keys.indexOf(target), `${key} -> ${target}`).toBeLessThan(index);
      }
    }
  });

  it("has the required category titles", () => {
    const titles = content.categories.map((c) => c.title);
    for (const title of REQUIRED_CATEGORY_TITLES) expect(titles).toContain(title);
    expect(REQUIRED_CATEGORY_TITLES).toHaveLength(14);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("uses unique 15-character ids (the settings record excepted)", () => {
    const all: string[] = [];
    for (const [key] of SEED_COLLECTIONS) {
      for (const record of content[key] as Array<{ id: string }>) {
        if (key === "websites") {
          expect(record.id).toBe(WEBSITE_ID);
          expect(record.id).toBe("9");
        } else {
          expect(record.id).toMatch(/^[a-z0-9]{15}$/);
        }
        all.push(record.id);
      }
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it("only relates to records that exist", () => {
    for (const [key] of SEED_COLLECTIONS) {
      for (const [field, target] of Object.entries(RELATIONS[key])) {
        const targetIds = idsOf(content, target);
        for (const record of content[key] as Array<Record<string, unknown>>) {
          const value = record[field];
          const values = Array.isArray(value) ? value : value === "" || value === undefined ? [] : [value];
          for (const id of values) {
            expect(targetIds.has(id as string), `${key}.${field} = ${String(id)}`).toBe(true);
          }
          if (Array.isArray(value)) expect(new Set(value).size, `${key}.${field} duplicates`).toBe(value.length);
        }
      }
    }
    // required single relation
    for (const offer of content.offers) expect(offer.store).not.toBe("");
  });

  it("has valid icon paths except exactly two empty ones", () => {
    const empty = content.categories.filter((c) => c.icon_code === "");
    expect(empty).toHaveLength(2);
    for (const c of content.categories) {
      expect(c.icon_image.content).toMatch(/^<svg [^>]*width="\d+" height="\d+" viewBox="[\d .]+"/);
      expect(c.color_hex).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect(c.meta_title && c.meta_keyword && c.meta_description).toBeTruthy();
      if (c.icon_code === "") continue;
      expect(c.icon_code).toMatch(ICON_CODE_PATTERN);
      expect(c.icon_code).toMatch(/^[Mm]/);
      expect(c.icon_code).toMatch(/^[MmLlHhVvCcSsQqTtAaZz0-9 ,.-]+$/);
    }
  });

  it("gives every category stores, every store 3+ offers, and fills the home sections", () => {
    for (const c of content.categories) {
      expect(
        content.stores.some((s) => s.category_ids.includes(c.id)),
        c.title,
      ).toBe(true);
    }
    for (const s of content.stores) {
      expect(s.category_ids.length).toBeGreaterThanOrEqual(1);
      expect(s.category_ids.length).toBeLessThanOrEqual(3);
      expect(content.offers.filter((o) => o.store === s.id).length, s.title).toBeGreaterThanOrEqual(3);
      expect(Object.keys(s.keypoints).length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(s.keypoints).length).toBeLessThanOrEqual(4);
      expect(s.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\//);
      expect(new URL(s.default_action_url).host).toBe(new URL(s.website).host);
    }
    expect(content.stores.some((s) => s.title.length > 30)).toBe(true);
    expect(content.stores.some((s) => s.subheading.length > 50)).toBe(true);
    expect(content.stores.filter((s) => /\{(utm_source|gclid|utm_medium|utm_id|fbclid)\}/.test(s.default_action_url)).length).toBeGreaterThanOrEqual(3);
    expect(content.stores.filter((s) => s.is_featured_store).length).toBeGreaterThanOrEqual(8);
    expect(content.stores.filter((s) => s.badge !== "").length).toBeGreaterThan(0);

    const deals = content.offers.filter((o) => o.type === "deal");
    const coupons = content.offers.filter((o) => o.type === "coupon");
    expect(deals.filter((o) => o.is_featured).length).toBeGreaterThanOrEqual(12);
    expect(coupons.some((o) => o.coupon_code !== "")).toBe(true);
    expect(coupons.some((o) => o.coupon_code === "")).toBe(true);
    expect(content.offers.some((o) => o.badges.length > 0)).toBe(true);
    expect(content.offers.some((o) => o.cta_trigger) && content.offers.some((o) => !o.cta_trigger)).toBe(true);
    expect(content.offers.some((o) => o.subheading.length > 24)).toBe(true);
    expect(content.offers.some((o) => words(o.subheading) > 4)).toBe(true);
    expect(content.offers.some((o) => o.cta_url.includes("{"))).toBe(true);
    const clicks = deals.map((o) => o.click_count);
    expect(new Set(clicks).size).toBe(clicks.length);

    expect(content.products.some((p) => p.status === "draft")).toBe(true);
    for (const a of content.authors) {
      expect(a.avatar.content).toContain('width="128"');
      expect(a.social_links.length).toBeGreaterThan(0);
    }
  });

  it("limits some offers to some of US, GB, DE, IN and AE, most worldwide, a few with a country's own URL", () => {
    const limited = content.offers.filter((offer) => offer.countries.length > 0);
    expect(limited.length).toBeGreaterThan(content.offers.length / 10);
    expect(limited.length).toBeLessThan(content.offers.length / 3);
    for (const offer of limited) for (const country of offer.countries) expect(["US", "GB", "DE", "IN", "AE"]).toContain(country);
    expect(new Set(limited.flatMap((offer) => offer.countries)).size).toBe(5);
    const withUrls = content.offers.filter((offer) => offer.cta_urls);
    expect(withUrls.length).toBeGreaterThan(0);
    for (const offer of withUrls) {
      for (const [country, url] of Object.entries(offer.cta_urls ?? {})) {
        expect(offer.countries).toContain(country);
        expect(new URL(url).host).not.toBe(new URL(offer.cta_url).host);
      }
    }
  });

  it("fills the editorial screens", () => {
    const overview = content.advertorials.filter((a) => a.show_overview && a.products.length >= 5 && a.products.length <= 8);
    expect(overview.length).toBeGreaterThanOrEqual(6);
    expect(content.advertorials.filter((a) => a.is_featured).length).toBeGreaterThanOrEqual(5);
    for (const a of content.advertorials) expect(a.stores.length).toBeGreaterThan(0);

    expect(content.comparisons.filter((c) => c.is_featured).length).toBeGreaterThanOrEqual(5);
    for (const c of content.comparisons) {
      expect(c.primary_product).not.toBe(c.secondery_product);
      expect(c.products.length).toBeGreaterThanOrEqual(2);
      expect(c.products.length).toBeLessThanOrEqual(4);
      expect(c.stores.length).toBeGreaterThan(0);
      expect(c.tags).toContain(", ");
    }

    expect(content.articles.filter((a) => a.status === "draft")).toHaveLength(2);
    for (const a of content.articles) {
      expect(a.content).toMatch(/^## /m);
      expect(a.content).toMatch(/^### /m);
      expect(a.content).toMatch(/^- /m);
      expect(a.content).toMatch(/^1\. /m);
      expect(a.content).toMatch(/^```[a-z]+$/m);
      expect(a.content).toMatch(/\*\*[^*]+\*\*/);
      expect(a.content).toMatch(/\[[^\]]+\]\([^)]+\)/);
      expect(a.tags).not.toContain(",");
    }
  });

  it("says what visitors see truly: no deal's button offers a coupon, no summary names a currency its prices are not in (issue 51)", () => {
    for (const offer of content.offers) if (offer.type === "deal") expect(offer.cta_label).not.toMatch(/coupon|code/i);
    const currencyOf = new Map(content.products.map((p) => [p.id, p.price_currency]));
    for (const advertorial of content.advertorials) {
      const currencies = new Set(advertorial.products.map((id) => currencyOf.get(id)).filter(Boolean));
      expect(advertorial.summary.includes("in US dollars"), advertorial.title).toBe(currencies.size === 1 && currencies.has("USD"));
    }
  });

  it("fills issue 53's screens: comparable specs, comparison rows, alternatives, authors, revisions", () => {
    const published = content.products.filter((p) => p.status === "published");
    // Every product states its category's specs, under the same labels as the others of its category.
    for (const p of published) {
      const peers = published.filter((q) => q.primary_category === p.primary_category);
      expect(Object.keys(p.specs).length, p.name).toBeGreaterThanOrEqual(5);
      for (const q of peers) expect(Object.keys(q.specs), `${p.name} / ${q.name}`).toEqual(Object.keys(p.specs));
      for (const value of Object.values(p.specs)) expect(typeof value).toBe("string");
    }
    expect(new Set(content.products.map((p) => p.name)).size).toBe(content.products.length);
    // Alternatives pages: several categories with four published products (three alternatives each), others withheld.
    const perCategory = new Map<string, number>();
    for (const p of published) perCategory.set(p.primary_category, (perCategory.get(p.primary_category) ?? 0) + 1);
    expect([...perCategory.values()].filter((n) => n - 1 >= 3).length).toBeGreaterThanOrEqual(6);
    expect([...perCategory.values()].some((n) => n - 1 < 3)).toBe(true);
    // Comparison rows name specs at least two compared products state; some comparisons leave the choice to the site.
    const specsOf = (id: string) => content.products.find((p) => p.id === id)?.specs ?? {};
    for (const c of content.comparisons) {
      const compared = [c.primary_product, c.secondery_product, ...c.products].filter((id) => published.some((p) => p.id === id));
      for (const row of c.comparison_rows) expect(compared.filter((id) => row in specsOf(id)).length, `${c.title}: ${row}`).toBeGreaterThanOrEqual(2);
    }
    expect(content.comparisons.some((c) => c.comparison_rows.length === 0)).toBe(true);
    expect(content.comparisons.some((c) => c.comparison_rows.length >= 4)).toBe(true);
    expect(content.comparisons.some((c) => c.products.length + 2 === 6)).toBe(true);
    // Authors: expertise, a bio and a portrait.
    for (const a of content.authors) {
      expect(a.expertise).toMatch(/^[A-Z]/);
      expect(a.about.length).toBeGreaterThan(100);
      expect(a.avatar.content).toMatch(/<ellipse /);
    }
    // Revisions: some pieces of each kind were revised after they were published, most with a note.
    for (const pieces of [content.articles, content.comparisons, content.advertorials]) {
      const revised = pieces.filter((p) => p.revised_at);
      expect(revised.length).toBeGreaterThan(2);
      for (const p of revised) expect(p.revised_at > p.publish_time).toBe(true);
      expect(revised.some((p) => p.revision_note)).toBe(true);
    }
  });

  it("keeps every date in the fixed window", () => {
    const dates = [
      ...content.articles.map((a) => a.publish_time),
      ...content.comparisons.map((c) => c.publish_time),
      ...content.advertorials.map((a) => a.publish_time),
      ...[...content.articles, ...content.comparisons, ...content.advertorials].map((p) => p.revised_at).filter(Boolean),
    ];
    for (const d of dates) {
      expect(d >= "2025-01-01" && d <= "2026-10-31 23:59:59.999Z", d).toBe(true);
    }
  });

  it("has the site settings record", () => {
    const site = content.websites[0]!;
    const titleOf = (id: string) => content.categories.find((c) => c.id === id)?.title;
    expect(site).toMatchObject({
      id: "9",
      name: "DealPilot",
      origin: "https://dealpilot.example",
      support_email: "support@dealpilot.example",
      office_city: "Dubai",
      office_country: "United Arab Emirates",
      analytics_measurement_id: "G-DEMO0000000",
      ping_cid: "dp1",
      pings_enabled: true,
    });
    expect(site.office_address).toContain("Business Bay");
    expect(site.footer_categories.map(titleOf)).toEqual(["Services", "E-sim & Mobile"]);
    const firstTen = content.stores
      .map((s) => s)
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
      .slice(0, 10)
      .map((s) => s.id);
    expect(site.featured_stores).toEqual(firstTen);
  });

  it("scales stores, offers and articles", () => {
    const double = generateContent({ scale: 2 });
    expect(double.stores).toHaveLength(content.stores.length * 2);
    expect(double.offers).toHaveLength(content.offers.length * 2);
    expect(double.articles).toHaveLength(content.articles.length * 2);
    expect(double.advertorials).toHaveLength(content.advertorials.length * 2);
    expect(double.comparisons).toHaveLength(content.comparisons.length * 2);
    expect(new Set(double.stores.map((s) => s.title)).size).toBe(double.stores.length);
    expect(() => generateContent({ scale: 0 })).toThrow(RangeError);
  });

  it("keeps the demo network's click domains within the field's limit at any scale (scale 3 passed it before issue 49)", { timeout: 60_000 }, () => {
    for (const scale of [1, 5]) {
      const [network] = generateContent({ scale }).networks;
      const domains = String(network?.click_domains);
      expect(domains.length).toBeLessThanOrEqual(LIMITS.click_domains);
      expect(domains.split(", ").length).toBeGreaterThan(10);
    }
  });

  describe("offer lifecycle (issue 15)", () => {
    const DAY = 86_400_000;
    const at = (value: string) => Date.parse(value.replace(" ", "T"));
    const live = (o: { starts_at: string; expires_at: string }, now: number) =>
      (!o.starts_at || at(o.starts_at) <= now) && (!o.expires_at || at(o.expires_at) > now);
    // Any moment of the seeding day: the Worker tests' template serves the day it was built on.
    const moments = [SEED_DAY, SEED_DAY + DAY / 2, SEED_DAY + DAY - 2000];

    it("dates offers relative to the given day, and midnight UTC is the day's start", () => {
      const later = generateContent({ scale: 1, today: SEED_DAY + 10 * DAY });
      const shifted = (value: string) => (value ? at(value) - 10 * DAY : 0);
      expect(later.offers.map((o) => [shifted(o.starts_at), shifted(o.expires_at), shifted(o.verified_at)])).toEqual(
        content.offers.map((o) => [o.starts_at ? at(o.starts_at) : 0, o.expires_at ? at(o.expires_at) : 0, o.verified_at ? at(o.verified_at) : 0]),
      );
      expect(utcDayStart(SEED_DAY + DAY - 1)).toBe(SEED_DAY);
      expect(utcDayStart(SEED_DAY + DAY)).toBe(SEED_DAY + DAY);
    });

    it("spreads offers over every lifecycle, all day long", () => {
      for (const now of moments) {
        const expiresIn = (o: { expires_at: string }) => (o.expires_at ? (at(o.expires_at) - now) / DAY : Infinity);
        const liveOffers = content.offers.filter((o) => live(o, now));
        expect(
          liveOffers.some((o) => expiresIn(o) < 1),
          "ends today",
        ).toBe(true);
        expect(
          liveOffers.some((o) => expiresIn(o) >= 1.5 && expiresIn(o) <= 2.5),
          "in 2 days",
        ).toBe(true);
        expect(
          liveOffers.some((o) => expiresIn(o) >= 5.5 && expiresIn(o) <= 6.5),
          "in 6 days",
        ).toBe(true);
        expect(
          liveOffers.some((o) => expiresIn(o) > 40 && expiresIn(o) !== Infinity),
          "in months",
        ).toBe(true);
        expect(
          liveOffers.some((o) => o.expires_at === ""),
          "open-ended",
        ).toBe(true);
        const expired = content.offers.filter((o) => o.expires_at && at(o.expires_at) <= now);
        expect(expired.length).toBeGreaterThanOrEqual(5);
        expect(
          expired.every((o) => now - at(o.expires_at) < 30 * DAY),
          "expired in the last weeks",
        ).toBe(true);
        const upcoming = content.offers.filter((o) => o.starts_at && at(o.starts_at) > now);
        expect(upcoming.length).toBeGreaterThanOrEqual(3);
        expect(
          upcoming.every((o) => at(o.starts_at) - now > 5 * DAY && at(o.starts_at) - now < 10 * DAY),
          "starting next week",
        ).toBe(true);
      }
    });

    it("keeps each store's first three offers live, so every store still has a deal and both kinds of coupon", () => {
      for (const store of content.stores) {
        const first = content.offers.filter((o) => o.store === store.id).slice(0, 3);
        for (const now of moments)
          expect(
            first.every((o) => live(o, now)),
            store.title,
          ).toBe(true);
      }
    });

    it("has offers verified recently and long ago, and votes on both sides of the 3-vote threshold", () => {
      const ageDays = (o: { verified_at: string }) => (SEED_DAY - at(o.verified_at)) / DAY;
      const verified = content.offers.filter((o) => o.verified_at);
      expect(verified.some((o) => ageDays(o) < 30)).toBe(true);
      expect(verified.some((o) => ageDays(o) > 30)).toBe(true);
      expect(content.offers.some((o) => !o.verified_at)).toBe(true);
      const votes = (o: { worked_count: number; failed_count: number }) => o.worked_count + o.failed_count;
      expect(content.offers.some((o) => votes(o) >= 3 && o.failed_count > 0)).toBe(true);
      expect(content.offers.some((o) => votes(o) > 0 && votes(o) < 3)).toBe(true);
      expect(
        content.offers.every((o) => Number.isInteger(o.worked_count) && o.worked_count >= 0 && Number.isInteger(o.failed_count) && o.failed_count >= 0),
      ).toBe(true);
    });

    it("never has an offer say when it ends, or claim it is verified, other than by its dates (issue 34)", () => {
      const verified = content.badges.find((b) => b.title === "Verified")!;
      for (const offer of content.offers) {
        expect(offer.subheading, offer.id).not.toMatch(/\b(ends?|ending|soon|today|tonight|hurry|last chance|limited)\b/i);
        expect(offer.badges, offer.id).not.toContain(verified.id);
      }
    });

    it("has a report worth looking at: two weeks of campaign clicks, and conversions copied from their clicks", () => {
      const [network] = content.networks as Array<{ id: string; postback_token: string; active: boolean; click_domains: string }>;
      expect(network!.postback_token).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(network!.active).toBe(true);
      const days = new Set(content.campaignClicks.map((click) => String(click.event_time).slice(0, 10)));
      expect(days.size).toBe(13);
      expect(new Set(content.campaignClicks.map((click) => click.utm_campaign)).size).toBeGreaterThan(3);
      expect(content.conversions.length).toBeGreaterThan(15);
      const clicks = new Map(content.campaignClicks.map((click) => [click.click_id, click]));
      for (const conversion of content.conversions) {
        const click = clicks.get(conversion.click_id)!;
        expect(network!.click_domains.split(", ")).toContain(click.target_host);
        for (const field of ["offer", "store", "utm_campaign", "utm_source", "country", "device"]) expect(conversion[field]).toBe(click[field]);
        // Reported after the click, and before the seeding day.
        expect(String(conversion.reported_at) >= String(click.event_time)).toBe(true);
        expect(Date.parse(String(conversion.reported_at).replace(" ", "T")) < SEED_DAY).toBe(true);
      }
      expect(new Set(content.conversions.map((conversion) => conversion.status))).toEqual(new Set(["approved", "pending", "reversed"]));
    });

    it("has clicks of the day on some always-live offers, for 'Used N times today'", () => {
      const clicked = new Set(content.clicks.map((c) => c.offer));
      expect(clicked.size).toBeGreaterThanOrEqual(20);
      for (const click of content.clicks) {
        const offer = content.offers.find((o) => o.id === click.offer)!;
        expect(click.store).toBe(offer.store);
        expect(offer.cta_url).toContain(`//${click.target_host}/`);
        expect(content.offers.filter((o) => o.store === offer.store).slice(0, 3)).toContain(offer);
      }
    });
  });
});

/** Top and bottom of an SVG path drawn in relative commands (m, l, q, c, z), as
 * pocketbase/outlined-text.mjs writes them, control points included. */
function verticalExtent(d: string): { top: number; bottom: number } {
  let y = 0;
  let contourStart = 0;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const [, command, args] of d.matchAll(/([mlqcz])([^mlqcz]*)/g)) {
    if (command === "z") {
      y = contourStart;
      continue;
    }
    const numbers = (args?.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    for (let i = 1; i < numbers.length; i += 2) {
      const pointY = y + numbers[i]!;
      top = Math.min(top, pointY);
      bottom = Math.max(bottom, pointY);
    }
    y += numbers.at(-1)!;
    if (command === "m") contourStart = y;
  }
  return { top, bottom };
}

describe("offer thumbnails", () => {
  // Offer cards show the 400 px wide thumbnail 120 px wide (src/app/components/OfferCard.tsx).
  const SHOWN_WIDTH = 120;
  // Capital letters and digits of 11 px text: Inter's capital height is 0.727 of its size.
  const MIN_CAPITALS_PX = 11 * 0.727;

  it("carry no text whose capitals are smaller than 11 px text's as the card shows them", () => {
    for (const offer of content.offers) {
      const svg = (offer.thumbnail as { content: string }).content;
      const width = Number(/<svg [^>]*width="(\d+)"/.exec(svg)![1]);
      const heights = [...svg.matchAll(/<path d="([^"]+)"/g)].map(([, d]) => {
        const { top, bottom } = verticalExtent(d!);
        return ((bottom - top) * SHOWN_WIDTH) / width;
      });
      expect(heights.length).toBeGreaterThan(0);
      for (const height of heights) expect(height, offer.heading).toBeGreaterThanOrEqual(MIN_CAPITALS_PX);
    }
  });

  it("draw their text as outlines, which a browser does not lay out as text on the page's thread", () => {
    for (const offer of content.offers) expect((offer.thumbnail as { content: string }).content).not.toContain("<text");
  });
});
