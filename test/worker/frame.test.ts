import { describe, expect, it } from "vitest";
import { PREPAINT_THEME_SCRIPT } from "../../src/app/theme";
import type { ListResult, Store, Website } from "../../src/data/types";
import { linksNamed, parsePage, textIn } from "./dom";
import { pocketbase, testEnv, visit } from "./helpers";

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("site frame, server-rendered", () => {
  it("has the header links and the first 10 stores in the Coupon & Deals menu, each to its category, which it names", async () => {
    const html = await (await visit("/stores")).text();
    const links = hrefs(html);
    for (const href of ["/", "/advertorials", "/comparisions", "/blog", "/offers", "/stores"]) expect(links).toContain(href);
    const stores = await pocketbase<ListResult<Store & { expand: { category_ids: { id: string; title: string }[] } }>>(
      "/api/collections/_zdata_stores/records?sort=title&perPage=10&expand=category_ids",
    );
    // The menu the "Stores" button opens: each item a link, read as the store's name and then where it leads.
    const page = parsePage(html);
    const menu = page.getElementById(page.querySelector('button[aria-label="Stores"]')?.getAttribute("aria-controls") ?? "");
    const items = [...(menu?.querySelectorAll("a[href]") ?? [])].filter((a) => textIn(a) !== "View All Stores");
    expect(items.map((a) => a.getAttribute("href"))).toEqual(stores.items.map((s) => `/stores?catID=${s.category_ids[0]}`));
    // The item says where it leads (issue 51): its category's list of stores, not the store.
    const category = (s: (typeof stores.items)[number]) => s.expand.category_ids.find((c) => c.id === s.category_ids[0])!.title;
    expect(items.map(textIn)).toEqual(stores.items.map((s) => `${s.title} in ${category(s)} stores`));
    expect(html).toContain("Advertising Disclosure");
  });

  it("renders the header's navigation once: the mobile menu's panel is there, empty until opened", async () => {
    const html = await (await visit("/stores")).text();
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    for (const label of ["View All Stores", "Coupon &amp; Deals", ">Advertorials<", ">Blog<"]) expect(header.split(label)).toHaveLength(2);
    expect(header.match(/role="combobox"/g)).toHaveLength(1);
    // The menu button controls a dialog that holds only its heading and its close button until opened.
    const page = parsePage(html);
    const toggle = page.querySelector('button[aria-label="Open menu"]');
    expect(toggle?.getAttribute("aria-expanded")).toBe("false");
    const panel = page.getElementById(toggle?.getAttribute("aria-controls") ?? "");
    expect(panel?.getAttribute("role")).toBe("dialog");
    expect([...(panel?.querySelectorAll("a, button") ?? [])].map((control) => control.getAttribute("aria-label") ?? textIn(control))).toEqual(["Close menu"]);
  });

  it("marks the header link of the current section, and only that one, as the current page", async () => {
    const current = async (path: string) => {
      const header = parsePage(await (await visit(path)).text()).querySelector("header");
      return [...(header?.querySelectorAll('a[aria-current="page"]') ?? [])].map((a) => a.getAttribute("href"));
    };
    expect(await current("/")).toEqual(["/"]);
    expect(await current("/blog")).toEqual(["/blog"]);
    expect(await current("/offers?type=deal")).toEqual(["/offers"]);
    expect(await current("/comparisions")).toEqual(["/comparisions"]);
    expect(await current("/stores")).toEqual([]);
  });

  it("has every footer link, with the Services and E-sim & Mobile filters resolved from the settings record", async () => {
    const site = await pocketbase<Website>("/api/collections/websites/records/9?expand=footer_categories");
    const html = await (await visit("/stores")).text();
    const footer = html.slice(html.indexOf("<footer"));
    const links = hrefs(footer);
    for (const href of [
      "/offers",
      "/advertorials",
      "/comparisions",
      "/blog",
      "/about-us",
      "/contact-us",
      "/cookie-policy",
      "/terms-of-use",
      "/privacy-policy",
      "/do-not-sell-or-share",
    ]) {
      expect(links).toContain(href);
    }
    for (const label of ["Coupons &amp; Deals", "Help center", "Need help", "Services", "E-sim &amp; Mobile"]) expect(footer).toContain(`>${label}</a>`);
    const categoryLinks = linksNamed(parsePage(html).querySelector("footer")!, /./).map((a) => [textIn(a), a.getAttribute("href")]);
    for (const category of site.expand!.footer_categories!) expect(categoryLinks).toContainEqual([category.title, `/stores?catID=${category.id}`]);
    expect(footer).toMatch(/© 2026 DealPilot\. .*Designed and built by the DealPilot team/);
  });

  it("sets title, description, keywords, canonical and Open Graph from the configured origin, whatever the Host", async () => {
    // A Host the configuration does not name (a loopback one: the local configuration refuses
    // public hosts altogether, src/edge/ops/deployment-check.ts).
    const html = await (await visit("http://localhost:4444/stores?catID=zzz&utm_source=news&page=1")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>All Popular Stores | DealPilot</title>");
    expect(head).toMatch(/<meta name="description" content="Coupons, promo codes and deals from popular stores[^"]*"\/>/);
    expect(head).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
    expect(head).toContain(`<link rel="canonical" href="${testEnv.SITE_ORIGIN}/stores?catID=zzz"/>`);
    expect(head).toContain(`<meta property="og:url" content="${testEnv.SITE_ORIGIN}/stores?catID=zzz"/>`);
    expect(head).toContain('<meta property="og:title" content="All Popular Stores | DealPilot"/>');
    expect(html).not.toContain("localhost:4444");
    expect(html).not.toContain("utm_source");
  });

  // React places stylesheets first in <head>; the script then waits for the stylesheet,
  // which nothing paints before anyway, and it still runs before <body> is parsed.
  it("runs the pre-paint theme script in <head>, before any content", async () => {
    const html = await (await visit("/stores")).text();
    const script = html.indexOf(`<script>${PREPAINT_THEME_SCRIPT}</script>`);
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(html.indexOf("</head>"));
    expect(script).toBeLessThan(html.indexOf("<body"));
  });

  it("keeps serving the frame when the settings record cannot be read", async () => {
    const html = await (await visit("/not-found")).text();
    expect(html).toContain("DealPilot");
  });
});
