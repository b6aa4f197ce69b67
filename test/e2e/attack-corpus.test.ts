import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, prepareSeededDataDir } from "../../pocketbase/run.mjs";
import { startStack } from "../../scripts/dev-stack.mjs";
import { PREPAINT_THEME_SCRIPT } from "../../src/app/theme";
import { titleSegment } from "../../src/lib/slug";
import { ATTACKER_HOST, CANARY, HTML_VECTORS, MARKDOWN_VECTORS, SANITIZED_TAGS, safeFormatting, TEXT_VECTOR, vectorFields } from "../support/attack-vectors";
import { isHydrated, launchChromium } from "./browser";

/**
 * The attack corpus written into real PocketBase records and rendered by every screen that
 * shows a CMS rich-text field, in Chromium: server-rendered, after client navigations
 * (where the browser's copy of the sanitizer runs), and once more with the page's CSP
 * switched off, so the sanitizer alone is shown to hold. The records go into a stack of
 * their own: they are the newest, featured and most clicked content, which the shared
 * stack's caches would otherwise keep showing to the other browser tests.
 */

const SUPERUSER = { email: "attack-corpus@dealpilot.local", password: "attack-corpus-password" };
/** A partner host for the records' own outbound links (the /goto allow-list is built from the content). */
const PARTNER = "https://partner.example";

let stack: Awaited<ReturnType<typeof startStack>>;
let dataDir: string;
let browser: Browser;

interface Titled {
  id: string;
  title: string;
}
interface Corpus {
  category: Titled;
  stores: Titled[];
  articles: Titled[];
  comparisons: Titled[];
  advertorials: Titled[];
}
let corpus: Corpus;

/** Every rich-text field of every record type carries the safe formatting and one slice of
 * the vectors; one set of records per slice, so every vector reaches every field. */
async function writeCorpus(pb: PocketBase): Promise<Corpus> {
  const files = await pb.collection("_zdata_stores").getList(1, 1, { filter: "logo != ''" });
  const logo = files.items[0]!;
  const safe = safeFormatting(`/api/files/${logo.collectionName}/${logo.id}/${logo.logo}`);
  const slices = vectorFields(HTML_VECTORS);
  const markdown = MARKDOWN_VECTORS.map((v) => v.html).join("\n\n");
  const create = <T extends Titled = Titled>(collection: string, record: Record<string, unknown>) => pb.collection(collection).create<T>(record);
  const now = new Date().toISOString().replace("T", " ");

  const category = await create("_zdata_categories", { title: `Attack corpus ${TEXT_VECTOR}`, meta_title: TEXT_VECTOR, meta_description: TEXT_VECTOR });
  // Partner links are refused on hosts no network or store vouches for (issue 47).
  await create("affiliate_networks", { name: "Attack corpus network", active: true, click_domains: new URL(PARTNER).hostname });
  await create("_zdata_banners", { name: TEXT_VECTOR, url: `${PARTNER}/banner` });
  const result: Corpus = { category, stores: [], articles: [], comparisons: [], advertorials: [] };
  for (const [index, slice] of slices.entries()) {
    const rich = `${safe}\n${slice}`;
    const text = `Attack ${index} ${TEXT_VECTOR}`;
    const author = await create("_zdata_authors", {
      first_name: `Eve${index}`,
      last_name: TEXT_VECTOR,
      about: rich,
      social_links: [
        { network: TEXT_VECTOR, url: `javascript:${CANARY}('social')` },
        { network: "data", url: `data:text/html,<script>${CANARY}('social-data')</script>` },
      ],
    });
    const store = await create("_zdata_stores", {
      status: "published",
      title: `${text} store`,
      subheading: TEXT_VECTOR,
      summery: rich,
      description: rich,
      category_ids: [category.id],
      website: `${PARTNER}/`,
      default_action_url: `${PARTNER}/go`,
      default_action_text: TEXT_VECTOR,
      keypoints: { [TEXT_VECTOR]: TEXT_VECTOR },
      is_featured: true,
      is_featured_store: true,
      meta_title: TEXT_VECTOR,
      meta_keyword: TEXT_VECTOR,
      meta_description: TEXT_VECTOR,
    });
    for (const type of ["deal", "coupon"]) {
      await create("_zdata_offers", {
        status: "published",
        heading: TEXT_VECTOR,
        subheading: TEXT_VECTOR,
        headline: TEXT_VECTOR,
        type,
        coupon_code: `<b>${CANARY}</b>`,
        cta_label: TEXT_VECTOR,
        cta_url: `${PARTNER}/deal`,
        cta_trigger: true,
        tnc: rich,
        description: rich,
        is_featured: true,
        click_count: 1_000_000 + index,
        store: store.id,
        categories: [category.id],
      });
    }
    const product = await create("Products", {
      name: `${text} product`,
      brand: TEXT_VECTOR,
      headline: TEXT_VECTOR,
      summary: rich,
      description: rich,
      pros: rich,
      cons: rich,
      tags: TEXT_VECTOR,
      coupon_code: `<i>${CANARY}</i>`,
      cta_label: TEXT_VECTOR,
      cta_url: `${PARTNER}/product`,
      cta_trigger: true,
      categories: [category.id],
      status: "published",
    });
    const piece = {
      authors: [author.id],
      categories: [category.id],
      tags: TEXT_VECTOR,
      publish_time: now,
      is_featured: true,
      meta_title: TEXT_VECTOR,
      meta_keywords: TEXT_VECTOR,
      meta_description: TEXT_VECTOR,
    };
    result.stores.push(store);
    result.articles.push(
      await create("_zdata_articles", {
        ...piece,
        title: `${text} article`,
        summary: rich,
        content: `${markdown}\n\n${rich}`,
        product: product.id,
        product_cardtype: "medium",
        status: "published",
      }),
    );
    result.comparisons.push(
      await create("_zdata_comparisons", {
        status: "published",
        ...piece,
        title: `${text} comparison`,
        subtitle: TEXT_VECTOR,
        intro: rich,
        outro: rich,
        primary_product: product.id,
        primary_product_cardtype: "medium",
        secondery_product: product.id,
        secondery_product_cardtype: "small",
        products: [product.id],
        cta_label: TEXT_VECTOR,
        stores: [store.id],
      }),
    );
    result.advertorials.push(
      await create("_zdata_advertorials", {
        status: "published",
        ...piece,
        title: `${text} advertorial`,
        subtitle: TEXT_VECTOR,
        summary: rich,
        description: rich,
        conclusion: rich,
        show_overview: true,
        products: [product.id],
        stores: [store.id],
      }),
    );
  }
  return result;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pb-attack-"));
  await prepareSeededDataDir({ targetDir: dataDir, ...SUPERUSER });
  stack = await startStack({ dataDir, pbPort: await freePort(), port: await freePort(), ...SUPERUSER, quiet: true });
  const pb = new PocketBase(stack.adminUrl.replace(/\/_\/$/, ""));
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password);
  corpus = await writeCorpus(pb);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  // The whole throwaway stack goes, records included.
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What a page may not do, recorded for its whole browser context. */
interface Watch {
  context: BrowserContext;
  canaryCalls: string[];
  dialogs: string[];
  attackerRequests: string[];
}

async function watchedContext(options: { bypassCSP: boolean }): Promise<Watch> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const watch: Watch = { context, canaryCalls: [], dialogs: [], attackerRequests: [] };
  await context.exposeFunction(CANARY, (id: string) => watch.canaryCalls.push(id));
  await context.route(
    (url) => url.hostname === ATTACKER_HOST || url.hostname.endsWith(`.${ATTACKER_HOST}`),
    (route) => {
      watch.attackerRequests.push(route.request().url());
      return route.abort();
    },
  );
  // Installed before any page script; reports what the policy had to block.
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: violations });
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  context.on("page", (page) =>
    page.on("dialog", (dialog) => {
      watch.dialogs.push(dialog.message());
      return dialog.dismiss();
    }),
  );
  return watch;
}

/** Problems in the live DOM (after the browser parsed and React rendered everything):
 * handlers, script URLs, foreign scripts, embedding elements, requests to the attacker,
 * and sanitized containers (found by their SafeHeading) holding anything but formatting. */
function domProblems(page: Page) {
  return page.evaluate(
    ({ attacker, prepaint, sanitizedTags }) => {
      const problems: string[] = [];
      const describe = (el: Element) => `<${el.localName}${el.id ? `#${el.id}` : ""}>`;
      const resolved = (value: string) => {
        try {
          return new URL(value, location.href);
        } catch {
          return null;
        }
      };
      const URL_ATTRIBUTES = /^(href|xlink:href|src|srcset|action|formaction|poster|background|data|cite|ping|codebase)$/i;
      for (const el of Array.from(document.querySelectorAll("*"))) {
        for (const attribute of Array.from(el.attributes)) {
          if (/^on/i.test(attribute.name)) problems.push(`handler ${attribute.name} on ${describe(el)}`);
          if (!URL_ATTRIBUTES.test(attribute.name)) continue;
          for (const candidate of attribute.name === "srcset" ? attribute.value.split(",").map((s: string) => s.trim().split(/\s+/)[0]!) : [attribute.value]) {
            const url = resolved(candidate);
            if (!url) continue;
            if (/^(javascript|vbscript|data):$/.test(url.protocol)) problems.push(`${url.protocol} URL in ${attribute.name} of ${describe(el)}`);
            if (url.hostname === attacker) problems.push(`attacker host in ${attribute.name} of ${describe(el)}`);
          }
        }
      }
      for (const el of Array.from(
        document.querySelectorAll("iframe, frame, frameset, object, embed, applet, base, portal, meta[http-equiv], form[action]:not([action^='/'])"),
      )) {
        problems.push(`embedding or redirecting element ${describe(el)}`);
      }
      for (const script of Array.from(document.querySelectorAll("script"))) {
        const type = script.getAttribute("type") ?? "";
        if (/^application\/(ld\+)?json$/.test(type)) continue;
        if (script.src) {
          if (!(new URL(script.src).origin === location.origin || new URL(script.src).origin === "https://www.googletagmanager.com"))
            problems.push(`foreign script ${script.src}`);
        } else if (!script.nonce && script.textContent !== prepaint) {
          problems.push(`inline script without nonce: ${script.textContent?.slice(0, 80)}`);
        }
      }
      const FORMATTING = new Set(sanitizedTags);
      const containers = Array.from(document.querySelectorAll("h3"))
        .filter((h) => h.textContent === "SafeHeading")
        .map((h) => h.parentElement!);
      const safeMissing: string[] = [];
      for (const container of containers) {
        for (const el of Array.from(container.querySelectorAll("*"))) {
          if (!FORMATTING.has(el.localName)) problems.push(`element ${describe(el)} in CMS HTML`);
          for (const attribute of Array.from(el.attributes)) {
            if (!/^(href|title|src|alt|width|height|cite|start|type|colspan|rowspan|scope|target|rel|class)$/.test(attribute.name))
              problems.push(`attribute ${attribute.name} on ${describe(el)} in CMS HTML`);
            if (attribute.name === "class" && !/^language-[\w-]+$/.test(attribute.value)) problems.push(`class "${attribute.value}" in CMS HTML`);
          }
        }
        const expectations: [string, string][] = [
          ["strong", "SafeStrong"],
          ["em", "SafeEm"],
          ["ul > li", "SafeItem"],
          ['ol[start="2"] > li', "SafeNumbered"],
          ["blockquote", "SafeQuote"],
          ['th[scope="col"]', "SafeHead"],
          ["td", "SafeCell"],
          ['a[href="https://partner.example/deal?a=1&b=2"][target="_blank"][rel="noopener nofollow"]', "SafeLink"],
          ['a[href="/stores"]', "SafeSiteLink"],
          ["pre > code.language-ts", "const safe = 1 < 2;"],
        ];
        for (const [selector, text] of expectations) {
          if (container.querySelector(selector)?.textContent !== text) safeMissing.push(selector);
        }
        if (!container.querySelector('img[src^="/api/files/"][alt="SafeImage"][width="40"][height="40"]')) safeMissing.push("img");
      }
      if (document.getElementById("__router_data")?.localName !== "script") problems.push("the hydration data is not the first #__router_data");
      const violations = (window as unknown as { __cspViolations: string[] }).__cspViolations;
      return { problems, safeMissing, containers: containers.length, violations, spa: (window as unknown as { __spa?: number }).__spa ?? 0 };
    },
    { attacker: ATTACKER_HOST, prepaint: PREPAINT_THEME_SCRIPT, sanitizedTags: SANITIZED_TAGS },
  );
}

/** Lets the page settle (hydration, autofocus, media errors, animations), then checks everything. */
async function expectInert(page: Page, watch: Watch, minContainers: number) {
  await expect.poll(() => isHydrated(page)).toBe(true);
  // After a client navigation the streamed sections (a store's offers) arrive in their own time.
  await expect.poll(async () => (await domProblems(page)).containers, { timeout: 15_000 }).toBeGreaterThanOrEqual(minContainers);
  await page.waitForTimeout(600);
  const dom = await domProblems(page);
  const where = page.url();
  expect(dom.problems, where).toEqual([]);
  expect(dom.violations, where).toEqual([]);
  expect(dom.safeMissing, where).toEqual([]);
  expect(dom.containers, where).toBeGreaterThanOrEqual(minContainers);
  expect(watch.canaryCalls, where).toEqual([]);
  expect(watch.dialogs, where).toEqual([]);
  expect(watch.attackerRequests, where).toEqual([]);
  // A text field shows the hostile text as text.
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator.innerText(), the text shown: textContent would include the page's JSON data blocks, which carry the same string
  expect(await page.locator("body").innerText(), where).toContain(`${CANARY}('text')`);
  return dom;
}

/** Rich-text fields each screen shows (every one of them carries the corpus). */
const FIELDS = {
  // summery, description, the terms of its deal and its coupon
  store: 4,
  // summary, content, the author's about, the product card's summary, pros and cons
  article: 6,
  // intro, outro, the author's about, three product cards (primary, secondary, listed)
  comparison: 9,
  // summary, description, conclusion, the listed product's summary, the author's about
  advertorial: 5,
  // the terms Best deals shows: of the corpus's four deals, the most clicked, Top Deals takes
  // three (its cards carry no terms) and home shows no offer twice (decision 040)
  homeBestDeals: 1,
  offersOfTheCorpus: 8,
  couponsOfTheCorpus: 4,
};

type Kind = "store" | "article" | "comparison" | "advertorial";
const KINDS: Kind[] = ["store", "article", "comparison", "advertorial"];

/** The corpus's detail pages of one kind, and the list page that links to them. */
function detailScreens(kind: Kind) {
  const records = { store: corpus.stores, article: corpus.articles, comparison: corpus.comparisons, advertorial: corpus.advertorials }[kind];
  const list = { store: `/stores?catID=${corpus.category.id}`, article: "/blog", comparison: "/comparisions", advertorial: "/advertorials" }[kind];
  const route = { store: "stores", article: "blog", comparison: "comparisions", advertorial: "advertorials" }[kind];
  return records.map((r) => ({ path: `/${route}/${titleSegment(r.title)}/${r.id}`, list, fields: FIELDS[kind] }));
}

async function visit(watch: Watch, path: string, minContainers: number) {
  const page = await watch.context.newPage();
  await page.goto(`${stack.siteUrl}${path}`, { waitUntil: "load" });
  await expectInert(page, watch, minContainers);
  await page.close();
}

describe("attack corpus in Chromium", () => {
  it("writes every vector into every rich-text field", () => {
    expect(HTML_VECTORS.length + MARKDOWN_VECTORS.length).toBeGreaterThanOrEqual(60);
    expect(corpus.stores.length).toBe(vectorFields(HTML_VECTORS).length);
  });

  describe.each(KINDS)("%s pages", (kind) => {
    it("render from the server with nothing run, nothing requested from the attacker, formatting kept", async () => {
      const watch = await watchedContext({ bypassCSP: false });
      for (const screen of detailScreens(kind)) await visit(watch, screen.path, screen.fields);
      await watch.context.close();
    });

    it("render the same after a client navigation, through the browser's copy of the sanitizer", async () => {
      const watch = await watchedContext({ bypassCSP: false });
      const page = await watch.context.newPage();
      for (const screen of detailScreens(kind)) {
        await page.goto(`${stack.siteUrl}${screen.list}`, { waitUntil: "load" });
        await expect.poll(() => isHydrated(page)).toBe(true);
        await page.evaluate(() => Object.assign(window, { __spa: 1 }));
        await page.locator(`a[href="${screen.path}"]`).first().click();
        await page.waitForURL(`${stack.siteUrl}${screen.path}`);
        const dom = await expectInert(page, watch, screen.fields);
        expect(dom.spa, "the page was not reloaded").toBe(1);
      }
      await watch.context.close();
    });
  });

  // What the browser parses is the sanitizer's output whatever the field: the store and
  // article pages show every slice of the corpus in nine different fields.
  it.each(["store", "article"] as const)("%s pages stay inert with the Content-Security-Policy switched off: the sanitizer alone holds", async (kind) => {
    const watch = await watchedContext({ bypassCSP: true });
    for (const screen of detailScreens(kind)) await visit(watch, screen.path, screen.fields);
    await watch.context.close();
  });

  it("renders home, the offers and their search the same way, with and without the policy", async () => {
    for (const bypassCSP of [false, true]) {
      const watch = await watchedContext({ bypassCSP });
      await visit(watch, "/", FIELDS.homeBestDeals);
      await visit(watch, "/offers", FIELDS.offersOfTheCorpus);
      await visit(watch, "/offers?type=coupon", FIELDS.couponsOfTheCorpus);
      // Search results list each offer's heading and snippet as text, not its terms.
      await visit(watch, "/search?q=canary&type=offers", 0);
      await watch.context.close();
    }
  });

  it("renders the lists, the other searches and the by-store pages the same way", async () => {
    const watch = await watchedContext({ bypassCSP: false });
    const [store] = corpus.stores;
    const pages: [string, number][] = [
      [`/stores?catID=${corpus.category.id}`, 0],
      ["/blog", 0],
      ["/comparisions", 0],
      ["/advertorials", 0],
      ["/search?q=Attack&type=stores", 0],
      ["/search?q=Attack&type=articles", 0],
      [`/comparision?store=${store!.id}`, FIELDS.comparison],
      [`/advertorial?store=${store!.id}`, FIELDS.advertorial],
    ];
    for (const [path, containers] of pages) await visit(watch, path, containers);
    await watch.context.close();
  });
});
