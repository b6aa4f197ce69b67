import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Comparison, ListResult, Offer, Product, Store } from "../../src/data/types";
import { linksNamed, parsePage, textIn } from "./dom";
import { comparisonTableOf, LIVE, pocketbase, pocketbaseWriter, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 53: every comparison page shows its products side by side, one row each, from the
 * products' own fields: name (linking its page), rating with its count and source, the best
 * live offer for the visitor's country, the specs the editor chose (or those all of them
 * state), categories, pros and cons. Two to six products; a real table.
 */

const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const segment = (text: string) => encodeURIComponent(text.toLowerCase());
const FIXED = ["Product", "Rating", "Best offer"];
const TRAILING = ["Categories", "Pros", "Cons"];
const NOT_STATED = "— Not stated";
/** The store page's order (docs/decisions/019), stated here as PocketBase's sort. */
const BEST_FIRST = "-is_featured,-verified_at,-worked_count,failed_count,-create_time,id";

async function pageHtml(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await visit(path, { headers });
  expect(response.status, path).toBe(200);
  return response.text();
}

const comparisonPath = (c: Pick<Comparison, "title" | "id">) => `/comparisions/${segment(c.title)}/${c.id}`;

describe("the seeded comparisons", () => {
  let comparisons: Comparison[];
  beforeAll(async () => {
    const expand = ["primary_product", "secondery_product", "products"].flatMap((r) => [r, `${r}.categories`]).join(",");
    comparisons = (await pocketbase<ListResult<Comparison>>(`/api/collections/_zdata_comparisons/records?perPage=100&sort=id&expand=${expand}`)).items;
  });

  it("have a row per published product with its name, rating, specs, categories, pros and cons", async () => {
    const chosen = comparisons.filter((c) => (c.comparison_rows ?? []).length > 0).slice(0, 2);
    const shared = comparisons.find((c) => !(c.comparison_rows ?? []).length)!;
    for (const comparison of [...chosen, shared]) {
      const x = comparison.expand!;
      const products = [x.primary_product, x.secondery_product, ...(x.products ?? [])].filter((p): p is Product => Boolean(p));
      const table = comparisonTableOf(await pageHtml(comparisonPath(comparison)))!;
      expect(table, comparison.title).not.toBeNull();
      const specs = comparison.comparison_rows?.length
        ? comparison.comparison_rows
        : Object.keys(products[0]!.specs ?? {}).filter((label) => products.every((p) => label in (p.specs ?? {})));
      expect(specs.length).toBeGreaterThan(1);
      expect(table.columns).toEqual([...FIXED, ...specs, ...TRAILING]);
      expect(table.rows.map((row) => row.name)).toEqual(products.map((p) => p.name));
      for (const [i, product] of products.entries()) {
        const row = table.rows[i]!;
        expect(row.href).toBe(`/products/${segment(product.name)}/${product.id}`);
        const [rating, , ...rest] = row.cells;
        expect(rating).toBe(`${product.rating.toFixed(1)} / 5 ${product.review_count.toLocaleString("en-US")} reviews Source: ${product.rating_source}`);
        expect(rest.slice(0, specs.length)).toEqual(specs.map((label) => product.specs?.[label] ?? NOT_STATED));
        const [categories, pros, cons] = rest.slice(specs.length);
        expect(categories).toBe((product.expand?.categories ?? []).map((c: Category) => c.title).join(", "));
        expect(pros).toBe(textOf(product.pros));
        expect(cons).toBe(textOf(product.cons));
      }
    }
    // Mixed comparisons state some specs for some products only: those cells say so.
    expect(chosen.length).toBe(2);
  });

  it("show each product's best live offer, as a store page would order them", async () => {
    const comparison = comparisons.find((c) => c.expand?.secondery_product && (c.expand.products ?? []).length >= 2)!;
    const x = comparison.expand!;
    const products = [x.primary_product!, x.secondery_product!, ...(x.products ?? [])];
    const table = comparisonTableOf(await pageHtml(comparisonPath(comparison)))!;
    let withOffer = 0;
    for (const [i, product] of products.entries()) {
      const ids = product.offers.map((id) => `id = "${id}"`).join(" || ");
      const live = ids
        ? (
            await pocketbase<ListResult<Offer>>(
              `/api/collections/_zdata_offers/records?perPage=50&sort=${BEST_FIRST}&filter=${encodeURIComponent(`(${ids}) && ${LIVE}`)}`,
            )
          ).items
        : [];
      const cell = table.rows[i]!.cells[1]!;
      if (live[0]) {
        withOffer++;
        expect(cell.startsWith(live[0].heading), `${product.name}: ${cell}`).toBe(true);
      } else expect(cell).toContain("No live offer");
    }
    expect(withOffer).toBeGreaterThan(1);
  });

  it("is a real table: headers with scope, a caption, in a scroll box that takes the keyboard's focus, with the affiliate disclosure beside it", async () => {
    const html = await pageHtml(comparisonPath(comparisons[0]!));
    const page = parsePage(html);
    const section = page.querySelector('section[aria-labelledby="side-by-side"]')!;
    // The scroll box: a region named by the table's caption, described by the note, focusable.
    const box = section.querySelector("[role=region]")!;
    expect(box.getAttribute("tabindex")).toBe("0");
    const caption = box.querySelector("table > caption");
    expect(page.getElementById(box.getAttribute("aria-labelledby")!)).toBe(caption);
    expect(textIn(caption)).toMatch(/^\d products side by side: /);
    expect(textIn(page.getElementById(box.getAttribute("aria-describedby")!))).not.toBe("");
    expect(textIn(section)).toContain("We may earn a commission when you buy through the links below");
    const howWeRate = linksNamed(section, "how we rate").map((a) => a.getAttribute("href"));
    expect(howWeRate.length).toBeGreaterThan(0);
    expect(new Set(howWeRate)).toEqual(new Set(["/how-we-rate"]));
    expect(box.querySelectorAll('th[scope="row"]')).toHaveLength(comparisonTableOf(html)!.rows.length);
  });
});

describe("comparisons made for the test", () => {
  const writer = pocketbaseWriter();
  const marker = `ct${Date.now().toString(36)}`;
  let store: Store;
  let category: Category;
  const made: Product[] = [];
  const SPECS = ["Free plan", "Platforms", "Money-back days"];

  beforeAll(async () => {
    const w = await writer;
    store = await w.create<Store>("_zdata_stores", {
      title: `${marker} Store`,
      website: "https://table.example/",
      default_action_url: "https://table.example/",
    });
    category = await w.create<Category>("_zdata_categories", { title: `${marker} Category` });
    for (let n = 1; n <= 7; n++) {
      made.push(
        await w.create<Product>("Products", {
          name: `${marker} Product ${n}`,
          status: "published",
          rating: 3 + n / 10,
          review_count: 100 * n,
          rating_source: `Test source ${n}`,
          categories: [category.id],
          pros: `<ul><li>Pro ${n}</li></ul>`,
          cons: `<ul><li>Con ${n}</li></ul>`,
          // Product 2 does not state its platforms; product 3 adds a spec of its own.
          specs: Object.fromEntries([
            ["Free plan", n % 2 ? "Yes" : "No"],
            ...(n === 2 ? [] : [["Platforms", `Platform ${n}`]]),
            ["Money-back days", String(10 * n)],
            ...(n === 3 ? [["Own spec", "Only three"]] : []),
          ]),
        }),
      );
    }
  });
  afterAll(async () => (await writer).cleanup());

  const comparisonOf = async (products: Product[], rows: string[] | null = null) =>
    (await writer).create<Comparison>("_zdata_comparisons", {
      title: `${marker} comparison ${crypto.randomUUID().slice(0, 6)}`,
      primary_product: products[0]?.id ?? "",
      secondery_product: products[1]?.id ?? "",
      products: products.slice(2).map((p) => p.id),
      comparison_rows: rows,
      publish_time: pbDate(Date.now() - DAY),
    });

  it("one product: no table (one product is no comparison), its card still", async () => {
    const html = await pageHtml(comparisonPath(await comparisonOf([made[0]!])));
    expect(comparisonTableOf(html)).toBeNull();
    expect(html).not.toContain('aria-labelledby="side-by-side"');
    expect(html).toContain(`${marker} Product 1`);
  });

  it("six products: six rows, in the comparison's order; a seventh is left out of the table", async () => {
    const six = comparisonTableOf(await pageHtml(comparisonPath(await comparisonOf(made.slice(0, 6)))))!;
    expect(six.rows.map((row) => row.name)).toEqual(made.slice(0, 6).map((p) => p.name));
    const seven = comparisonTableOf(await pageHtml(comparisonPath(await comparisonOf(made))))!;
    expect(seven.rows).toHaveLength(6);
  });

  it("without chosen rows, shows the specs every product states; chosen rows show a dash where a product states nothing", async () => {
    const shared = comparisonTableOf(await pageHtml(comparisonPath(await comparisonOf(made.slice(0, 3)))))!;
    // Product 2 has no Platforms, only product 3 has Own spec: neither is shared.
    expect(shared.columns).toEqual([...FIXED, "Free plan", "Money-back days", ...TRAILING]);
    expect(shared.rows.map((row) => row.cells.slice(2, 4))).toEqual([
      ["Yes", "10"],
      ["No", "20"],
      ["Yes", "30"],
    ]);
    const chosen = comparisonTableOf(await pageHtml(comparisonPath(await comparisonOf(made.slice(0, 3), ["Own spec", ...SPECS]))))!;
    expect(chosen.columns).toEqual([...FIXED, "Own spec", ...SPECS, ...TRAILING]);
    expect(chosen.rows.map((row) => row.cells.slice(2, 6))).toEqual([
      [NOT_STATED, "Yes", "Platform 1", "10"],
      [NOT_STATED, "No", NOT_STATED, "20"],
      ["Only three", "Yes", "Platform 3", "30"],
    ]);
    expect(chosen.rows.map((row) => row.cells.slice(-3))).toEqual(made.slice(0, 3).map((_, i) => [category.title, `Pro ${i + 1}`, `Con ${i + 1}`]));
  });

  it("best offer: never an ended one, the visitor's country's, and no offer at all when none is live", async () => {
    const w = await writer;
    const offer = (heading: string, extra: Record<string, unknown>) =>
      w.create<Offer>("_zdata_offers", { heading: `${marker} ${heading}`, type: "deal", store: store.id, cta_url: "https://table.example/deal", ...extra });
    const ended = await offer("ended", { is_featured: true, expires_at: pbDate(Date.now() - 60_000) });
    const germany = await offer("germany", { is_featured: true, countries: ["DE"], verified_at: pbDate(Date.now() - DAY) });
    const everywhere = await offer("everywhere", {});
    const upcoming = await offer("upcoming", { is_featured: true, starts_at: pbDate(Date.now() + DAY) });
    const withOffers = await w.create<Product>("Products", {
      name: `${marker} With offers`,
      status: "published",
      offers: [ended.id, germany.id, everywhere.id, upcoming.id],
    });
    const endedOnly = await w.create<Product>("Products", { name: `${marker} Ended only`, status: "published", offers: [ended.id] });
    const path = comparisonPath(await comparisonOf([withOffers, endedOnly]));
    const bestIn = async (country: string) => comparisonTableOf(await pageHtml(path, { "CF-IPCountry": country }))!.rows.map((row) => row.cells[1]!);
    const [us, usEnded] = await bestIn("US");
    expect(us).toContain(`${marker} everywhere`);
    expect(usEnded).toContain("No live offer");
    const [de] = await bestIn("DE");
    expect(de).toContain(`${marker} germany`);
    for (const cell of [us, de, usEnded]) {
      expect(cell).not.toContain(`${marker} ended`);
      expect(cell).not.toContain(`${marker} upcoming`);
    }
  });

  it("refuses specs and rows of another shape, with a message under the field, and stores nothing", async () => {
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/Products/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ name: `${marker} bad specs`, status: "published", specs: { "Free plan": 1 } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data: Record<string, { message: string }> };
    expect(body.data.specs!.message).toMatch(/^Specs map a label to a value, both text/);
    const listed = await pocketbase<ListResult<Product>>(`/api/collections/Products/records?filter=${encodeURIComponent(`name = "${marker} bad specs"`)}`);
    expect(listed.totalItems).toBe(0);
    await expect((await writer).create("_zdata_comparisons", { title: `${marker} bad rows`, comparison_rows: "Free plan" })).rejects.toThrow(
      /comparison_rows[\s\S]*Comparison rows list spec labels/,
    );
  });
});
