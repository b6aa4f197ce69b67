// @ts-check
/**
 * Deterministic demo content for the site (fictional brands only).
 *
 * `generateContent({ scale, today })` is pure: no Math.random, no clock. The same scale and
 * day always give deep-equal output (offer dates are relative to `today`). Images are generated SVG documents, their
 * text drawn as outlines (`outlined-text.mjs`); the uploader (`seed.mjs`) turns every {@link SeedFile} into a real
 * PocketBase file.
 */
import { outlinedText } from "./outlined-text.mjs";
import rules from "./pb_hooks/rules.js";

const { LIMITS } = rules;

/**
 * @typedef {{ filename: string, type: string, content: string }} SeedFile
 *
 * @typedef {{ id: string, title: string, slug: string, icon_image: SeedFile, icon_code: string,
 *   color_hex: string, meta_title: string, meta_keyword: string, meta_description: string }} CategorySeed
 *
 * @typedef {"primary"|"secondary"|"success"|"danger"|"warning"|"info"|"dark"} BadgeStyle
 * @typedef {{ id: string, title: string, icon: SeedFile, icon_class: string, style: BadgeStyle }} BadgeSeed
 *
 * @typedef {{ id: string, logo: SeedFile, banner_image: SeedFile, title: string, slug: string,
 *   summery: string, subheading: string, category_ids: string[], website: string,
 *   default_action_url: string, default_action_text: string, is_featured_store: boolean,
 *   is_featured: boolean, badge: string, description: string, rating: number, reviewers: number, rating_source: string,
 *   keypoints: Record<string, string>, meta_title: string, meta_keyword: string,
 *   meta_description: string, view_count: number, status: Status }} StoreSeed
 *
 * @typedef {{ id: string, heading: string, subheading: string, rating: number, review_count: number,
 *   click_count: number, view_count: number, type: "coupon"|"deal", coupon_code: string,
 *   cta_label: string, cta_url: string, cta_trigger: boolean, tnc: string, thumbnail: SeedFile,
 *   is_featured: boolean, badge: string, badges: string[], headline: string, description: string,
 *   categories: string[], store: string, starts_at: string, expires_at: string, verified_at: string,
 *   worked_count: number, failed_count: number, status: Status, countries: string[],
 *   cta_urls: Record<string, string> | null }} OfferSeed
 *
 * @typedef {{ id: string, click_id: string, kind: "click", url: string, target_host: string, offer: string, store: string, counted: true, event_time: string }} ClickSeed
 *
 * @typedef {{ id: string, name: string, image: SeedFile, url: string }} BannerSeed
 *
 * @typedef {{ network: "x"|"linkedin"|"github"|"website", url: string }} SocialLink
 *
 * @typedef {{ id: string, first_name: string, last_name: string, avatar: SeedFile, about: string,
 *   rating: number, review_count: number, badges: string[], user: string,
 *   social_links: SocialLink[], expertise: string }} AuthorSeed
 *
 * @typedef {"draft"|"published"|"archived"} Status
 * @typedef {"medium"|"small"} CardType
 *
 * @typedef {{ id: string, name: string, brand: string, primary_category: string, categories: string[],
 *   featured_image: SeedFile, images: SeedFile[], summary: string, description: string, pros: string,
 *   cons: string, tags: string, headline: string, coupon_offer: string, offers: string[],
 *   cta_label: string, cta_url: string, cta_trigger: boolean, rating: number, review_count: number, rating_source: string,
 *   view_count: number, click_count: number, status: Status, price: number, price_currency: string,
 *   specs: Record<string, string> }} ProductSeed
 *
 * @typedef {{ id: string, title: string, slug: string, featured_image: SeedFile | "", banner_image: SeedFile,
 *   summary: string, content: string, product: string, product_cardtype: CardType, offers: string[],
 *   tags: string, authors: string[], categories: string[], status: Status, publish_time: string,
 *   meta_title: string, meta_keywords: string, meta_description: string, is_featured: boolean } & Revision} ArticleSeed
 *
 * @typedef {{ id: string, title: string, subtitle: string, featured_image: SeedFile,
 *   banner_image: SeedFile, intro: string, outro: string, primary_product: string,
 *   primary_product_badges: string[], primary_product_cardtype: CardType, secondery_product: string,
 *   secondery_product_badges: string[], secondery_product_cardtype: CardType, products: string[],
 *   cta_label: string, authors: string[], categories: string[], tags: string, meta_title: string,
 *   meta_keywords: string, meta_description: string, publish_time: string, is_featured: boolean,
 *   stores: string[], status: Status, comparison_rows: string[] } & Revision} ComparisonSeed
 *
 * @typedef {{ id: string, title: string, subtitle: string, summary: string, featured_image: SeedFile,
 *   banner_image: SeedFile, show_overview: boolean, products: string[], show_offers: boolean,
 *   description: string, conclusion: string, authors: string[], categories: string[], tags: string,
 *   publish_time: string, meta_title: string, meta_keywords: string, meta_description: string,
 *   is_featured: boolean, stores: string[], status: Status } & Revision} AdvertorialSeed
 *
 * @typedef {{ revised_at: string, revision_note: string }} Revision
 *
 * @typedef {{ id: string, name: string, origin: string, support_email: string, office_city: string,
 *   office_country: string, office_address: string, social_links: SocialLink[],
 *   analytics_measurement_id: string, ping_cid: string, pings_enabled: boolean,
 *   footer_categories: string[], featured_stores: string[] }} WebsiteSeed
 *
 * @typedef {{
 *   categories: CategorySeed[], badges: BadgeSeed[], stores: StoreSeed[], offers: OfferSeed[],
 *   banners: BannerSeed[], authors: AuthorSeed[], products: ProductSeed[], articles: ArticleSeed[],
 *   comparisons: ComparisonSeed[], advertorials: AdvertorialSeed[], websites: WebsiteSeed[],
 *   clicks: ClickSeed[], networks: Array<Record<string, unknown>>, marketers: Array<Record<string, unknown>>,
 *   editors: Array<Record<string, unknown>>,
 *   campaignClicks: Array<Record<string, unknown>>, conversions: Array<Record<string, unknown>>
 * }} SeedContent
 *
 * @typedef {keyof SeedContent} SeedKey
 */

/**
 * Collections in dependency order (every relation points at an earlier entry).
 * @type {ReadonlyArray<readonly [SeedKey, string]>}
 */
export const SEED_COLLECTIONS = [
  ["categories", "_zdata_categories"],
  ["badges", "_zdata_badges"],
  ["stores", "_zdata_stores"],
  ["offers", "_zdata_offers"],
  ["banners", "_zdata_banners"],
  ["authors", "_zdata_authors"],
  ["products", "Products"],
  ["articles", "_zdata_articles"],
  ["comparisons", "_zdata_comparisons"],
  ["advertorials", "_zdata_advertorials"],
  ["websites", "websites"],
  // Clicks out of the seeding day, so cards show "Used N times today" (the hook raises click_count).
  ["clicks", "outbound_events"],
  // The report's demo (docs/reports.md): a network, a marketer, campaign clicks, conversions.
  ["networks", "affiliate_networks"],
  ["marketers", "marketers"],
  // The demo editor: previews drafts on the site (docs/editors.md).
  ["editors", "editors"],
  ["campaignClicks", "outbound_events"],
  ["conversions", "conversions"],
];

/** The settings record id the product fetches. */
export const WEBSITE_ID = "9";

/** Only the characters an SVG path may use, beginning with a move-to. */
export const ICON_CODE_PATTERN = /^[Mm][MmLlHhVvCcSsQqTtAaZz0-9\s,.-]*$/;

// ---------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------

/**
 * cyrb53 string hash (53 bits, returned as a non-negative integer).
 * @param {string} str
 * @param {number} [seed]
 */
function hash53(str, seed = 0) {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * items[index], throwing instead of returning undefined.
 * @template T @param {readonly T[]} items @param {number} index @returns {T}
 */
function at(items, index) {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range (${items.length})`);
  return item;
}

/**
 * A small seeded random source (mulberry32) with helpers.
 */
class Rng {
  /** @param {string} seed */
  constructor(seed) {
    this.state = hash53(seed) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (inclusive). @param {number} min @param {number} max */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** @param {number} p probability of true */
  chance(p) {
    return this.next() < p;
  }

  /** @template T @param {readonly T[]} items @returns {T} */
  pick(items) {
    if (items.length === 0) throw new Error("pick from empty list");
    return at(items, Math.floor(this.next() * items.length));
  }

  /** @template T @param {readonly T[]} items @returns {T[]} */
  shuffle(items) {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = at(out, i);
      out[i] = at(out, j);
      out[j] = tmp;
    }
    return out;
  }

  /** n distinct items (or all of them when fewer). @template T @param {readonly T[]} items @param {number} n @returns {T[]} */
  sample(items, n) {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(n, items.length)));
  }

  /** A rating with one decimal in [min, max]. @param {number} min @param {number} max */
  rating(min, max) {
    return Math.round((min + this.next() * (max - min)) * 10) / 10;
  }
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Deterministic 15-character ids, unique within one generation.
 */
class IdFactory {
  constructor() {
    /** @type {Set<string>} */
    this.used = new Set();
  }

  /** @param {string} key */
  make(key) {
    for (let attempt = 0; ; attempt++) {
      const rng = new Rng(`${key}#${attempt}`);
      let n = hash53(`${key}#${attempt}`, 7);
      let id = "";
      for (let i = 0; i < 15; i++) {
        // mix the 53-bit hash with the stream so every position varies
        const r = Math.floor(rng.next() * 36);
        id += ID_ALPHABET[(r + (n % 36)) % 36];
        n = Math.floor(n / 36) + 7 * i;
      }
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------

/** @param {string} s */
export function slugify(s) {
  return s
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** @param {string} s */
function html(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** @param {string} s */
function initials(s) {
  const words = s
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const [first = "?", second] = words;
  const letters = second ? first.charAt(0) + second.charAt(0) : first.slice(0, 2);
  return letters.toUpperCase();
}

/** @param {string} s */
function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const DATE_FROM = Date.UTC(2025, 0, 1, 0, 0, 0);
const DATE_TO = Date.UTC(2026, 9, 31, 23, 0, 0);

/**
 * A fixed date between 2025-01-01 and 2026-10-31 in PocketBase's format.
 * @param {Rng} rng
 */
function seedDate(rng) {
  const hours = Math.floor((DATE_TO - DATE_FROM) / 3600000);
  const ms = DATE_FROM + rng.int(0, hours) * 3600000;
  return new Date(ms).toISOString().replace("T", " ");
}

const DAY_MS = 86_400_000;

/** The UTC day the default content is dated from (any fixed day keeps generateContent pure). */
export const SEED_DAY = Date.UTC(2026, 10, 1);

/** Midnight UTC of the day holding `ms`: the seed dates offers from the day it runs. @param {number} ms */
export function utcDayStart(ms) {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The countries offers are limited to in the demo content (issue 36). */
const OFFER_COUNTRIES = ["US", "GB", "DE", "IN", "AE"];

/**
 * Where an offer is valid: most offers worldwide; about one in five limited to one to three
 * of OFFER_COUNTRIES, some of those with a partner URL of their own for one country (the
 * partner's site for that country, used at /goto instead of `cta_url`).
 * @param {Rng} rng @param {string} host @param {string} path
 * @returns {Pick<OfferSeed, "countries" | "cta_urls">}
 */
function offerCountries(rng, host, path) {
  if (!rng.chance(0.2)) return { countries: [], cta_urls: null };
  const countries = rng.sample(OFFER_COUNTRIES, rng.pick([1, 1, 2, 3])).sort();
  const local = countries.length > 1 && rng.chance(0.5) ? at(countries, 0) : null;
  return { countries, cta_urls: local ? { [local]: `https://${local.toLowerCase()}.${host}${path}` } : null };
}

/** A PocketBase date `days` (fractional) after `today`. @param {number} today @param {number} days */
function dayOffset(today, days) {
  return new Date(today + Math.round(days * DAY_MS)).toISOString().replace("T", " ");
}

/**
 * When an offer runs, when it was last checked and its votes, relative to `today` (midnight
 * UTC of the seeding day), so that "ends today", "in 2 days" and "expired last week" hold
 * for the whole day the content is used (the Worker tests' template is rebuilt daily).
 * A store's first three offers are always live (every store keeps a deal and both kinds of
 * coupon); the others spread over every lifecycle the pages handle.
 * @param {Rng} rng @param {number} today @param {number} nth the offer's rank in its store
 * @returns {Pick<OfferSeed, "starts_at" | "expires_at" | "verified_at" | "worked_count" | "failed_count">}
 */
function offerLifecycle(rng, today, nth) {
  const live = ["ends-today", "in-2-days", "in-6-days", "months", "open", "open", "months"];
  const phase = nth < 3 ? rng.pick(live) : rng.pick([...live, "expired", "expired", "upcoming"]);
  const started = rng.chance(0.6) ? dayOffset(today, -rng.int(3, 120)) : "";
  /** @type {{ starts_at: string, expires_at: string }} */
  let lifecycle;
  if (phase === "ends-today") lifecycle = { starts_at: started, expires_at: dayOffset(today, 1 - 1 / 86_400) };
  else if (phase === "in-2-days") lifecycle = { starts_at: started, expires_at: dayOffset(today, 2.5) };
  else if (phase === "in-6-days") lifecycle = { starts_at: started, expires_at: dayOffset(today, 6.5) };
  else if (phase === "months") lifecycle = { starts_at: started, expires_at: dayOffset(today, rng.int(45, 240) + 0.5) };
  else if (phase === "expired") lifecycle = { starts_at: dayOffset(today, -rng.int(40, 90)), expires_at: dayOffset(today, -rng.int(1, 25) + 0.5) };
  else if (phase === "upcoming")
    lifecycle = { starts_at: dayOffset(today, 7 + rng.int(0, 2) + 0.25), expires_at: rng.chance(0.5) ? dayOffset(today, rng.int(30, 90)) : "" };
  else lifecycle = { starts_at: started, expires_at: "" };
  const checked = rng.next();
  const verified_at = checked < 0.55 ? dayOffset(today, -rng.int(0, 25) + 0.25) : checked < 0.8 ? dayOffset(today, -rng.int(35, 300)) : "";
  const votes = rng.next();
  const worked_count = votes < 0.5 ? rng.int(2, 60) : votes < 0.6 ? 1 : 0;
  const failed_count = votes < 0.5 ? rng.int(0, Math.max(1, Math.floor(worked_count / 3))) : 0;
  return { ...lifecycle, verified_at, worked_count, failed_count };
}

/** @param {string} hex @param {number} amount -1..1 (negative darkens) */
function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

// ---------------------------------------------------------------------------------------
// SVG images
// ---------------------------------------------------------------------------------------

/** @param {string} filename @param {string} content @returns {SeedFile} */
function svgFile(filename, content) {
  return { filename, type: "image/svg+xml", content };
}

/** Square logo with initials on the brand colour. @param {string} title @param {string} color */
function logoSvg(title, color) {
  return svgFile(
    "logo.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">` +
      `<rect width="200" height="200" rx="36" fill="${color}"/>` +
      `<circle cx="160" cy="40" r="56" fill="${shade(color, 0.25)}" opacity="0.45"/>` +
      outlinedText({ text: initials(title), x: 100, y: 124, anchor: "middle", size: 76, weight: 700, fill: "#ffffff" }) +
      `</svg>`,
  );
}

/**
 * Words in at most `maxLines` lines of at most `maxChars` characters; what does not fit ends
 * the last line with "…".
 * @param {string} text @param {number} maxChars @param {number} maxLines @returns {string[]}
 */
function wrapWords(text, maxChars, maxLines) {
  /** @type {string[]} */
  const lines = [];
  const words = text.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    let line = (words[i++] ?? "").slice(0, maxChars);
    for (let next = words[i]; next !== undefined && line.length + 1 + next.length <= maxChars; next = words[i]) {
      line += ` ${next}`;
      i++;
    }
    lines.push(line);
  }
  if (i < words.length) {
    const last = lines.pop() ?? "";
    lines.push(`${last.length < maxChars ? last : last.slice(0, maxChars - 1).trimEnd()}…`);
  }
  return lines;
}

/**
 * 1200x400 banner: gradient, a title on one or two lines and a short line. Pages show the
 * whole picture at any width, so the text must fit the canvas: 26 characters of the 54 px
 * bold title and 64 of the 26 px line stay inside the 1,056 px after the margin.
 * @param {string} filename @param {string} title @param {string} line @param {string} color
 */
function bannerSvg(filename, title, line, color) {
  const dark = shade(color, -0.45);
  const light = shade(color, 0.2);
  const titleLines = wrapWords(title, 26, 2);
  const [shownLine = ""] = wrapWords(line, 64, 1);
  const top = titleLines.length > 1 ? 150 : 190;
  return svgFile(
    filename,
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
      `<rect width="1200" height="400" fill="url(#g)"/>` +
      `<circle cx="1040" cy="80" r="190" fill="#ffffff" opacity="0.08"/>` +
      `<circle cx="1130" cy="350" r="120" fill="#ffffff" opacity="0.06"/>` +
      titleLines.map((text, i) => outlinedText({ text, x: 72, y: top + i * 64, size: 54, weight: 700, fill: "#ffffff" })).join("") +
      outlinedText({ text: shownLine, x: 72, y: top + (titleLines.length - 1) * 64 + 60, size: 26, fill: "#ffffff", opacity: 0.85 }) +
      `</svg>`,
  );
}

/**
 * 400x300 thumbnail with a big label (e.g. "72% OFF") and, unless `caption` is empty, a
 * caption under it. Offer cards show their thumbnail 120 px wide, where a caption would be
 * about 6 px tall: theirs have none (the card names the store in text).
 * @param {string} filename @param {string} label @param {string} caption @param {string} color
 */
function thumbnailSvg(filename, label, caption, color) {
  const [shownCaption = ""] = wrapWords(caption, 30, 1);
  return svgFile(
    filename,
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
      `<rect width="400" height="300" fill="${shade(color, 0.85)}"/>` +
      `<rect x="24" y="24" width="352" height="252" rx="20" fill="${color}"/>` +
      outlinedText({ text: label, x: 200, y: shownCaption ? 150 : 169, anchor: "middle", size: 52, weight: 800, fill: "#ffffff" }) +
      (shownCaption ? outlinedText({ text: shownCaption, x: 200, y: 200, anchor: "middle", size: 22, fill: "#ffffff", opacity: 0.9 }) : "") +
      `</svg>`,
  );
}

const SKIN_TONES = ["#F1C7A5", "#8D5524", "#E0AC69", "#C68B59", "#FFDBAC", "#A56A43"];
const HAIR_COLOURS = ["#2B1B10", "#1A1A1A", "#6B3E1E", "#B7862E", "#3B2A1A", "#7A4B2A"];

/** 128x128 head-and-shoulders portrait of a fictional author, drawn (no photo of a real
 * person): skin, hair and clothes vary by `n`, the backdrop is the author's colour.
 * @param {string} color @param {number} n */
function portraitSvg(color, n) {
  const skin = at(SKIN_TONES, n % SKIN_TONES.length);
  const hair = at(HAIR_COLOURS, n % HAIR_COLOURS.length);
  const longHair = n % 2 === 0;
  return svgFile(
    "avatar.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<rect width="128" height="128" fill="${shade(color, 0.8)}"/>` +
      (longHair ? `<path d="M34 60c0-26 13-40 30-40s30 14 30 40v40H34z" fill="${hair}"/>` : "") +
      `<path d="M18 128c2-26 20-38 46-38s44 12 46 38z" fill="${color}"/>` +
      `<rect x="55" y="70" width="18" height="24" rx="8" fill="${skin}"/>` +
      `<ellipse cx="64" cy="58" rx="22" ry="26" fill="${skin}"/>` +
      `<path d="M41 56c0-20 10-30 23-30s23 10 23 30c-6-10-14-15-23-15s-17 5-23 15z" fill="${hair}"/>` +
      `<circle cx="56" cy="60" r="2.5" fill="#2b2b2b"/><circle cx="72" cy="60" r="2.5" fill="#2b2b2b"/>` +
      `<path d="M57 72c4 4 10 4 14 0" stroke="#7a3b2e" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
      `</svg>`,
  );
}

/**
 * 64x64 category icon: the 24x24 path in white on the category colour, or initials.
 * @param {string} filename @param {string} path @param {string} title @param {string} color
 */
function iconSvg(filename, path, title, color) {
  const glyph = path
    ? `<path transform="translate(14 14) scale(1.5)" fill="#ffffff" d="${path}"/>`
    : outlinedText({ text: initials(title), x: 32, y: 41, anchor: "middle", size: 24, weight: 700, fill: "#ffffff" });
  return svgFile(
    filename,
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
      `<rect width="64" height="64" rx="16" fill="${color}"/>${glyph}</svg>`,
  );
}

/**
 * 800x500 product screenshot mock-up.
 * @param {string} filename @param {string} title @param {string} color @param {number} variant
 */
function screenshotSvg(filename, title, color, variant) {
  const bars = [0, 1, 2, 3, 4]
    .map((i) => {
      const h = 40 + ((i * 37 + variant * 53) % 160);
      return `<rect x="${470 + i * 56}" y="${420 - h}" width="36" height="${h}" rx="6" fill="${color}" opacity="${0.5 + i * 0.1}"/>`;
    })
    .join("");
  return svgFile(
    filename,
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">` +
      `<rect width="800" height="500" fill="#f4f6fa"/>` +
      `<rect x="0" y="0" width="800" height="56" fill="${color}"/>` +
      `<circle cx="28" cy="28" r="8" fill="#ffffff" opacity="0.8"/><circle cx="52" cy="28" r="8" fill="#ffffff" opacity="0.6"/>` +
      outlinedText({ text: title, x: 84, y: 36, size: 22, weight: 600, fill: "#ffffff" }) +
      `<rect x="40" y="96" width="360" height="150" rx="14" fill="#ffffff"/>` +
      `<rect x="64" y="124" width="220" height="18" rx="9" fill="${color}" opacity="0.7"/>` +
      `<rect x="64" y="160" width="300" height="12" rx="6" fill="#cbd2e0"/>` +
      `<rect x="64" y="184" width="260" height="12" rx="6" fill="#cbd2e0"/>` +
      `<rect x="40" y="270" width="360" height="150" rx="14" fill="#ffffff"/>` +
      `<rect x="64" y="300" width="140" height="40" rx="20" fill="${color}"/>` +
      `<rect x="440" y="96" width="320" height="324" rx="14" fill="#ffffff"/>${bars}` +
      `</svg>`,
  );
}

// ---------------------------------------------------------------------------------------
// Static vocabulary
// ---------------------------------------------------------------------------------------

/**
 * @typedef {{
 *   title: string, color: string, icon: string, words: string[], longWords: string[],
 *   subheadings: string[], keypoints: Array<[string, string[]]>, plans: string[], perks: string[],
 *   unit: string, blurb: string, features: string[], tags: string[], group: string
 * }} Kind
 */

/** @type {Kind[]} */
const KINDS = [
  {
    title: "VPN",
    color: "#2563EB",
    icon: "M12 2a5 5 0 0 0-5 5v3H5v12h14V10h-2V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z",
    words: ["VPN", "Shield VPN", "Tunnel", "Private"],
    longWords: ["Secure VPN & Private Browsing", "Privacy Network for Families"],
    subheadings: [
      "Fast, private browsing on every device",
      "No-logs VPN with servers in 90+ countries and unlimited bandwidth",
      "Stream, shop and bank safely on public Wi-Fi",
      "WireGuard speeds with a strict audited no-logs policy for everyone",
    ],
    keypoints: [
      ["Servers", ["3,200+", "5,400+", "1,800+", "9,000+"]],
      ["Countries", ["65", "94", "105", "48"]],
      ["Devices", ["Unlimited", "10", "8", "6"]],
      ["Money-back", ["30 days", "45 days", "14 days"]],
    ],
    plans: ["2-year plan", "1-year plan", "monthly plan", "family plan"],
    perks: ["3 extra months free", "a free password manager", "dedicated IP add-on", "ad & tracker blocker"],
    unit: "subscription",
    blurb: "encrypts your connection, hides your IP address and keeps streaming libraries reachable while travelling",
    features: ["WireGuard and OpenVPN protocols", "Kill switch on every app", "Split tunnelling", "Independent no-logs audit"],
    tags: ["vpn", "privacy", "security", "streaming"],
    group: "security",
  },
  {
    title: "Antivirus",
    color: "#16A34A",
    icon: "M12 2 4 5v6c0 5.2 3.4 9.8 8 11 4.6-1.2 8-5.8 8-11V5l-8-3zm-1.2 13.5-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3z",
    words: ["Antivirus", "Security", "Defender", "Guard"],
    longWords: ["Total Security & Identity Protection", "Antivirus Plus Ransomware Shield"],
    subheadings: [
      "Real-time protection against malware and phishing",
      "Award-winning antivirus with ransomware rollback and a firewall",
      "Lightweight scans that never slow your PC down",
      "Protect up to 10 devices with one simple subscription and app",
    ],
    keypoints: [
      ["Detection rate", ["99.9%", "100%", "99.7%"]],
      ["Devices", ["5", "10", "3", "Unlimited"]],
      ["Platforms", ["Win · Mac · Android", "Win · Mac · iOS · Android"]],
      ["Support", ["24/7 chat", "Email & chat", "Phone & chat"]],
    ],
    plans: ["Total Security plan", "Internet Security plan", "Premium plan", "family bundle"],
    perks: ["free identity monitoring", "VPN included", "a second year at half price", "parental controls"],
    unit: "licence",
    blurb: "blocks malware, ransomware and phishing pages in real time with very little impact on performance",
    features: ["Real-time scanning", "Ransomware rollback", "Web protection", "Firewall and Wi-Fi inspector"],
    tags: ["antivirus", "security", "malware", "windows"],
    group: "security",
  },
  {
    title: "Web Hosting",
    color: "#7C3AED",
    icon: "M3 4h18v6H3V4zm0 10h18v6H3v-6zm3-8v2h2V6H6zm0 10v2h2v-2H6z",
    words: ["Hosting", "Cloud Hosting", "Host", "Servers"],
    longWords: ["Managed WordPress & Cloud Hosting", "Developer Cloud Hosting Platform"],
    subheadings: [
      "Fast NVMe hosting with free SSL and daily backups",
      "Managed WordPress hosting with staging, CDN and expert support included",
      "Launch a website in minutes with one-click installs",
      "Developer-friendly cloud servers billed by the hour with no lock-in",
    ],
    keypoints: [
      ["Uptime", ["99.9%", "99.99%", "99.95%"]],
      ["Storage", ["100 GB NVMe", "50 GB SSD", "Unlimited"]],
      ["Free domain", ["1 year", "Included", "—"]],
      ["Data centres", ["9", "14", "22"]],
    ],
    plans: ["Business plan", "Starter plan", "WordPress plan", "Cloud VPS plan"],
    perks: ["a free domain for a year", "free site migration", "daily backups", "a free CDN"],
    unit: "hosting term",
    blurb: "runs websites on fast NVMe storage with free SSL certificates, staging sites and daily backups",
    features: ["Free SSL certificates", "One-click WordPress", "Daily backups", "Staging environments"],
    tags: ["hosting", "wordpress", "websites", "cloud"],
    group: "web",
  },
  {
    title: "E-sim & Mobile",
    color: "#06B6D4",
    icon: "M7 2h7l5 5v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm1 10v6h8v-6H8z",
    words: ["eSIM", "Mobile", "Roam", "Data"],
    longWords: ["Travel eSIM Data for 190 Countries", "Global eSIM & Mobile Data Plans"],
    subheadings: [
      "Instant travel data in 190+ destinations",
      "Install an eSIM in two minutes and skip roaming charges abroad for good",
      "Regional data packs from 1 GB to unlimited",
      "Keep your number and add a local data line for every single trip",
    ],
    keypoints: [
      ["Destinations", ["190+", "150+", "120+"]],
      ["Plans from", ["$4.50", "$3.99", "$5"]],
      ["Networks", ["5G/LTE", "LTE", "5G where available"]],
      ["Activation", ["Instant", "Under 2 minutes", "QR code"]],
    ],
    plans: ["Europe 10 GB pack", "Global 20 GB pack", "Asia unlimited pack", "USA 5 GB pack"],
    perks: ["1 GB extra data", "free top-up", "a second eSIM free", "hotspot included"],
    unit: "data pack",
    blurb: "sells prepaid eSIM data packs that activate instantly, so travellers avoid roaming charges",
    features: ["Instant QR activation", "Top-ups in the app", "Hotspot allowed", "Keeps your main number"],
    tags: ["esim", "travel", "mobile", "roaming"],
    group: "mobile",
  },
  {
    title: "Telecom",
    color: "#0891B2",
    icon: "M11 10h2v12h-2V10zm1-8a8 8 0 0 1 5.7 13.7l-1.4-1.4a6 6 0 1 0-8.6 0l-1.4 1.4A8 8 0 0 1 12 2zm0 4a4 4 0 0 1 2.8 6.8l-1.4-1.4a2 2 0 1 0-2.8 0l-1.4 1.4A4 4 0 0 1 12 6z",
    words: ["Telecom", "Fiber", "Connect", "Broadband"],
    longWords: ["Fiber Broadband & Home Phone Bundles", "Business Telecom and VoIP Services"],
    subheadings: [
      "Full-fibre broadband with no price rises",
      "Gigabit home internet with a free router and no installation fee at all",
      "Cloud phone system for small teams",
      "SIM-only plans with unlimited calls, texts and 5G data from day one",
    ],
    keypoints: [
      ["Speed", ["Up to 1 Gbps", "500 Mbps", "2 Gbps"]],
      ["Contract", ["12 months", "No contract", "24 months"]],
      ["Router", ["Wi-Fi 6 included", "Wi-Fi 7 mesh", "Included"]],
      ["Setup", ["Free", "$0 install", "Next day"]],
    ],
    plans: ["gigabit fibre plan", "SIM-only plan", "business VoIP plan", "home phone bundle"],
    perks: ["6 months half price", "a free mesh router", "free installation", "unlimited international minutes"],
    unit: "month",
    blurb: "provides fibre broadband, SIM-only plans and cloud telephony with straightforward pricing",
    features: ["Symmetric upload speeds", "No price rises mid-contract", "Static IP option", "UK and EU support"],
    tags: ["broadband", "telecom", "fibre", "voip"],
    group: "mobile",
  },
  {
    title: "Finance",
    color: "#CA8A04",
    icon: "M2 6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v2H2V6zm0 5h20v7a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-7zm3 4v2h5v-2H5z",
    words: ["Pay", "Money", "Invest", "Wallet"],
    longWords: ["Multi-Currency Account & Travel Card", "Investing App for Stocks and ETFs"],
    subheadings: [
      "Send money abroad at the real exchange rate",
      "Open a multi-currency account in minutes and spend in 40 currencies",
      "Commission-free investing in stocks and ETFs",
      "Budgeting app that sorts your spending and finds forgotten subscriptions",
    ],
    keypoints: [
      ["Currencies", ["40+", "28", "150+"]],
      ["Transfer fee", ["From 0.4%", "Free first transfer", "0.35%"]],
      ["Card", ["Free virtual card", "Metal card", "Contactless"]],
      ["Rating", ["4.7 ★", "4.5 ★", "4.8 ★"]],
    ],
    plans: ["Premium account", "Plus account", "business account", "investing plan"],
    perks: ["a free first transfer", "$20 welcome bonus", "a free metal card", "3 months of Premium"],
    unit: "transfer",
    blurb: "offers low-cost international transfers, multi-currency accounts and commission-free investing",
    features: ["Real exchange rate", "Instant notifications", "Savings vaults", "Two-factor security"],
    tags: ["finance", "banking", "transfers", "investing"],
    group: "money",
  },
  {
    title: "Insurance",
    color: "#DC2626",
    icon: "M12 2a10 10 0 0 1 10 10H13v7a3 3 0 0 1-6 0h2a1 1 0 0 0 2 0v-7H2A10 10 0 0 1 12 2z",
    words: ["Insure", "Cover", "Protect", "Assure"],
    longWords: ["Travel Insurance & Medical Assistance", "Gadget and Phone Insurance Cover"],
    subheadings: [
      "Travel cover from $2 a day",
      "Annual multi-trip insurance with medical cover and 24/7 emergency help",
      "Phone and gadget insurance with fast repairs",
      "Pet insurance with lifetime cover and direct vet payments",
    ],
    keypoints: [
      ["Claims paid", ["98%", "96%", "99%"]],
      ["Medical cover", ["$10M", "$5M", "Unlimited"]],
      ["Excess", ["$0 option", "$50", "$100"]],
      ["Cancel", ["Any time", "14 days free", "Monthly"]],
    ],
    plans: ["annual multi-trip policy", "single-trip policy", "gadget cover plan", "family policy"],
    perks: ["the first month free", "cancel-for-any-reason cover", "winter sports cover", "no excess"],
    unit: "policy",
    blurb: "sells travel, gadget and pet insurance online with quick claims and 24/7 assistance",
    features: ["Claims in the app", "24/7 emergency line", "Covid cover", "Cover for pre-existing conditions"],
    tags: ["insurance", "travel", "gadgets", "cover"],
    group: "money",
  },
  {
    title: "Password Managers",
    color: "#4F46E5",
    icon: "M14 2a6 6 0 1 1-2.6 11.4L9 16H7v2H5v2H2v-3l7.6-7.6A6 6 0 0 1 14 2zm2 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
    words: ["Pass", "Vault", "Keys", "Lock"],
    longWords: ["Password Manager & Secure Vault", "Passkeys and Password Manager Suite"],
    subheadings: [
      "Passwords and passkeys on every device",
      "Zero-knowledge vault with breach alerts, secure sharing and autofill",
      "Share logins safely with your family",
      "A password manager built for teams, with SSO and admin reports",
    ],
    keypoints: [
      ["Encryption", ["AES-256", "XChaCha20", "AES-256-GCM"]],
      ["Passkeys", ["Supported", "Yes", "Full support"]],
      ["Users", ["6 family", "1", "Unlimited"]],
      ["Breach alerts", ["Included", "Real time", "Weekly report"]],
    ],
    plans: ["Family plan", "Premium plan", "Teams plan", "Business plan"],
    perks: ["a year of Premium", "free secure file storage", "emergency access", "dark-web monitoring"],
    unit: "year",
    blurb: "stores passwords and passkeys in an end-to-end encrypted vault and fills them in automatically",
    features: ["Zero-knowledge encryption", "Passkey support", "Breach monitoring", "Secure sharing"],
    tags: ["passwords", "security", "passkeys", "privacy"],
    group: "security",
  },
  {
    title: "Cloud Storage",
    color: "#3B82F6",
    icon: "",
    words: ["Drive", "Cloud", "Box", "Sync"],
    longWords: ["Encrypted Cloud Storage & Backup", "Family Photo Backup and Cloud Drive"],
    subheadings: [
      "Encrypted cloud storage with lifetime plans",
      "Back up every computer automatically and restore any file in a few clicks",
      "Share large files with a link",
      "2 TB of private storage for photos, documents and every device you own",
    ],
    keypoints: [
      ["Storage", ["2 TB", "1 TB", "500 GB", "10 TB"]],
      ["Encryption", ["Client-side", "Zero-knowledge", "AES-256"]],
      ["Versioning", ["30 days", "180 days", "1 year"]],
      ["Lifetime plan", ["Available", "Yes", "—"]],
    ],
    plans: ["2 TB lifetime plan", "annual 1 TB plan", "family plan", "backup plan"],
    perks: ["an extra 500 GB", "a free year of backup", "unlimited devices", "file recovery for 1 year"],
    unit: "plan",
    blurb: "keeps files in encrypted cloud storage and backs up computers automatically",
    features: ["Client-side encryption", "File versioning", "Link sharing", "Desktop sync"],
    tags: ["cloud", "storage", "backup", "files"],
    group: "web",
  },
  {
    title: "Email Marketing",
    color: "#EA580C",
    icon: "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3z",
    words: ["Mail", "Send", "Campaigns", "Inbox"],
    longWords: ["Email Marketing & Automation Platform", "Newsletters and Marketing Automation"],
    subheadings: [
      "Newsletters and automations for growing brands",
      "Drag-and-drop email builder, landing pages and automation in one place",
      "Send up to 12,000 emails a month for free",
      "Deliverability experts and dedicated IPs for high-volume senders",
    ],
    keypoints: [
      ["Free plan", ["1,000 contacts", "500 contacts", "12,000 emails"]],
      ["Templates", ["300+", "120+", "80+"]],
      ["Automation", ["Visual builder", "Included", "Advanced"]],
      ["Deliverability", ["98%", "97%", "99%"]],
    ],
    plans: ["Growth plan", "Standard plan", "Pro plan", "annual plan"],
    perks: ["a free dedicated IP", "2 months free", "premium templates", "free migration"],
    unit: "month",
    blurb: "sends newsletters and automated email journeys with a drag-and-drop builder",
    features: ["Visual automation", "A/B testing", "Landing pages", "Deliverability reports"],
    tags: ["email", "marketing", "newsletters", "automation"],
    group: "web",
  },
  {
    title: "Online Learning",
    color: "#059669",
    icon: "",
    words: ["Learn", "Academy", "Skills", "Courses"],
    longWords: ["Online Courses & Professional Certificates", "Coding Bootcamp and Career Courses"],
    subheadings: [
      "Courses taught by industry practitioners",
      "Learn to code, design or analyse data with hands-on projects and mentors",
      "Certificates that employers recognise",
      "Language lessons with native tutors from $8 per session",
    ],
    keypoints: [
      ["Courses", ["7,000+", "1,200+", "400+"]],
      ["Certificates", ["Included", "Accredited", "Shareable"]],
      ["Mentors", ["1:1", "Weekly", "Group"]],
      ["Free trial", ["7 days", "14 days", "First lesson"]],
    ],
    plans: ["annual membership", "monthly membership", "career track", "team licence"],
    perks: ["a free certificate", "1:1 mentor session", "offline downloads", "a second seat free"],
    unit: "course",
    blurb: "runs online courses and career tracks with projects, mentors and certificates",
    features: ["Hands-on projects", "Mentor feedback", "Offline viewing", "Certificates"],
    tags: ["learning", "courses", "skills", "career"],
    group: "money",
  },
  {
    title: "Accommodation",
    color: "#0EA5E9",
    icon: "M12 3 2 12h3v8h5v-6h4v6h5v-8h3L12 3z",
    words: ["Stays", "Homes", "Hotels", "Rooms"],
    longWords: ["Hotels, Apartments & Holiday Homes", "Boutique Hotels and City Apartments"],
    subheadings: [
      "Hotels and apartments with free cancellation",
      "Book boutique stays in 120 cities and earn credit on every single night",
      "Long stays for remote workers",
      "Member prices on hotels, villas and apartments around the world",
    ],
    keypoints: [
      ["Properties", ["120,000+", "45,000+", "2M+"]],
      ["Free cancellation", ["Most stays", "Up to 24 h", "Yes"]],
      ["Loyalty", ["10% back", "Every 10th night free", "Member prices"]],
      ["Support", ["24/7", "Local teams", "Chat"]],
    ],
    plans: ["weekend stay", "monthly stay", "member rate", "early booking"],
    perks: ["free breakfast", "late checkout", "a free night", "airport transfer"],
    unit: "booking",
    blurb: "lists hotels, apartments and holiday homes with member prices and flexible cancellation",
    features: ["Free cancellation", "Verified reviews", "Member prices", "24/7 support"],
    tags: ["travel", "hotels", "stays", "booking"],
    group: "lifestyle",
  },
  {
    title: "Shopping",
    color: "#F97316",
    icon: "M7 8V7a5 5 0 0 1 10 0v1h3l-1.5 13h-13L4 8h3zm2 0h6V7a3 3 0 0 0-6 0v1z",
    words: ["Market", "Shop", "Store", "Outlet"],
    longWords: ["Home, Tech & Fashion Marketplace", "Refurbished Electronics Marketplace"],
    subheadings: [
      "Tech, home and fashion with free returns",
      "Refurbished phones and laptops with a 2-year warranty and free shipping",
      "Daily flash sales on top brands",
      "Sustainable fashion from independent makers, delivered carbon-neutral",
    ],
    keypoints: [
      ["Products", ["80,000+", "12,000+", "1M+"]],
      ["Delivery", ["Free over $35", "Next day", "2–4 days"]],
      ["Returns", ["30 days", "60 days", "Free"]],
      ["Warranty", ["2 years", "1 year", "Extended option"]],
    ],
    plans: ["first order", "electronics range", "home range", "fashion range"],
    perks: ["free shipping", "an extended warranty", "a free gift", "double loyalty points"],
    unit: "order",
    blurb: "sells tech, home and fashion products online with fast delivery and free returns",
    features: ["Free returns", "Price match", "Buy now, pay later", "Carbon-neutral delivery"],
    tags: ["shopping", "tech", "fashion", "home"],
    group: "lifestyle",
  },
  {
    title: "Food & Drink",
    color: "#EF4444",
    icon: "M4 4h13v3h1a3 3 0 0 1 0 6h-1.3A7 7 0 0 1 4 11V4zm13 5v2h1a1 1 0 0 0 0-2h-1zM3 19h16v2H3v-2z",
    words: ["Kitchen", "Eats", "Coffee", "Meals"],
    longWords: ["Meal Kits & Healthy Recipe Boxes", "Specialty Coffee Subscription Club"],
    subheadings: [
      "Fresh meal kits delivered weekly",
      "Chef-designed recipes with pre-portioned ingredients and no food waste",
      "Freshly roasted coffee on subscription",
      "Healthy ready meals delivered to your door, heat and eat in three minutes",
    ],
    keypoints: [
      ["Recipes", ["40 weekly", "25 weekly", "100+"]],
      ["Delivery", ["Free", "Weekly", "Pick your day"]],
      ["Skip or pause", ["Any time", "Yes", "Anytime"]],
      ["Packaging", ["Recyclable", "Compostable", "Plastic-free"]],
    ],
    plans: ["first box", "family box", "coffee subscription", "meal plan"],
    perks: ["free dessert for life", "free delivery", "a free grinder", "a bonus box"],
    unit: "box",
    blurb: "delivers meal kits, ready meals and coffee subscriptions that you can pause at any time",
    features: ["Flexible subscription", "Dietary filters", "Recyclable packaging", "Local suppliers"],
    tags: ["food", "mealkits", "coffee", "delivery"],
    group: "lifestyle",
  },
  {
    title: "Entertainment",
    color: "#A855F7",
    icon: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-2 6 6 4-6 4V8z",
    words: ["Stream", "Play", "Tunes", "Cinema"],
    longWords: ["Streaming Movies, Series & Live Sport", "Audiobooks and Podcasts Unlimited"],
    subheadings: [
      "Movies, series and live sport in 4K",
      "Ad-free music streaming with lossless audio and offline downloads",
      "Unlimited audiobooks for one monthly price",
      "Cloud gaming on any screen with no console and no downloads required",
    ],
    keypoints: [
      ["Library", ["15,000 titles", "100M songs", "500,000 books"]],
      ["Quality", ["4K HDR", "Lossless", "Hi-Fi"]],
      ["Screens", ["4", "2", "6 profiles"]],
      ["Free trial", ["30 days", "7 days", "1 month"]],
    ],
    plans: ["annual plan", "family plan", "premium plan", "student plan"],
    perks: ["3 months free", "4K at no extra cost", "offline downloads", "a free gift card"],
    unit: "month",
    blurb: "streams films, series, music and audiobooks on every screen with offline downloads",
    features: ["Offline downloads", "Profiles for kids", "4K HDR", "Cancel any time"],
    tags: ["streaming", "music", "movies", "entertainment"],
    group: "lifestyle",
  },
  {
    title: "Health",
    color: "#10B981",
    icon: "M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z",
    words: ["Health", "Fit", "Care", "Well"],
    longWords: ["Online Doctor & Prescription Delivery", "Fitness Coaching and Nutrition App"],
    subheadings: [
      "See a doctor online in 15 minutes",
      "Personal training plans, nutrition tracking and live classes in one app",
      "Vitamins tailored to your goals",
      "Mental health support with licensed therapists by video or chat",
    ],
    keypoints: [
      ["Clinicians", ["500+", "1,200", "80"]],
      ["Wait time", ["15 min", "Same day", "Under 1 h"]],
      ["Classes", ["1,000+", "Live daily", "On demand"]],
      ["Free trial", ["14 days", "First visit", "7 days"]],
    ],
    plans: ["annual membership", "monthly membership", "consultation", "family plan"],
    perks: ["a free first consultation", "a free fitness tracker", "2 months free", "a nutrition plan"],
    unit: "month",
    blurb: "connects you with doctors, coaches and therapists online and delivers prescriptions",
    features: ["Licensed clinicians", "Video consultations", "Prescription delivery", "Progress tracking"],
    tags: ["health", "fitness", "wellness", "telehealth"],
    group: "lifestyle",
  },
  {
    title: "Services",
    color: "#64748B",
    icon: "M21 7.5a5.5 5.5 0 0 1-7.3 5.2L6.5 20a2 2 0 0 1-2.9-2.9l7.3-7.2A5.5 5.5 0 0 1 17.6 2.5L14 6l1 3 3 1 3.5-3.5c.3.5.5 1.2.5 1.9z",
    words: ["Works", "Desk", "Helpers", "Pro"],
    longWords: ["Freelance Marketplace for Creative Work", "Home Cleaning & Handyman Services"],
    subheadings: [
      "Vetted freelancers for design and development",
      "Book home cleaners, handymen and movers with upfront prices and insurance",
      "Virtual assistants for busy founders",
      "Translation and localisation by native linguists in 60 languages",
    ],
    keypoints: [
      ["Professionals", ["25,000+", "4,000+", "800+"]],
      ["Response", ["Within 1 h", "Same day", "24 h"]],
      ["Guarantee", ["Money-back", "Satisfaction", "Insured work"]],
      ["Cities", ["40", "120", "Remote"]],
    ],
    plans: ["first booking", "monthly package", "project bundle", "business plan"],
    perks: ["the first hour free", "no service fee", "a free consultation", "priority booking"],
    unit: "booking",
    blurb: "matches customers with vetted professionals for projects at home and at work",
    features: ["Vetted professionals", "Upfront pricing", "Secure payments", "Reviews you can trust"],
    tags: ["services", "freelance", "home", "business"],
    group: "lifestyle",
  },
  {
    title: "Lifestyle",
    color: "#DB2777",
    icon: "M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7.3L12 17.8 5.8 21.5l1.6-7.3L2 9.5l7.1-.6L12 2z",
    words: ["Living", "Style", "Life", "Club"],
    longWords: ["Design, Decor & Everyday Essentials", "Experiences, Gifts and Weekend Breaks"],
    subheadings: [
      "Experiences and gifts for every occasion",
      "Curated home decor and everyday essentials from independent designers",
      "Members-only prices on weekend breaks",
      "Photo books and prints made from your phone in a few minutes",
    ],
    keypoints: [
      ["Members", ["1M+", "250,000", "80,000"]],
      ["Experiences", ["3,000+", "900", "150"]],
      ["Delivery", ["Free", "48 h", "Gift-wrapped"]],
      ["Returns", ["30 days", "Free", "100 days"]],
    ],
    plans: ["membership", "gift box", "weekend break", "photo book"],
    perks: ["free gift wrapping", "a free upgrade", "double points", "a free card"],
    unit: "order",
    blurb: "curates gifts, experiences and home essentials with members-only prices",
    features: ["Curated selection", "Gift wrapping", "Members-only prices", "Easy returns"],
    tags: ["lifestyle", "gifts", "home", "experiences"],
    group: "lifestyle",
  },
];

/** How a category reads inside a sentence. */
const TOPICS = /** @type {Record<string, string>} */ ({
  VPN: "VPNs",
  Antivirus: "antivirus software",
  "Web Hosting": "web hosting",
  "E-sim & Mobile": "eSIMs and mobile data",
  Telecom: "broadband and phone plans",
  Finance: "money apps",
  Insurance: "insurance",
  "Password Managers": "password managers",
  "Cloud Storage": "cloud storage",
  "Email Marketing": "email marketing",
  "Online Learning": "online courses",
  Accommodation: "hotels and holiday rentals",
  Shopping: "online shopping",
  "Food & Drink": "meal kits and food delivery",
  Entertainment: "streaming services",
  Health: "online health services",
  Services: "home and business services",
  Lifestyle: "gifts and experiences",
});

/** @param {Kind} kind */
function topicOf(kind) {
  return TOPICS[kind.title] || kind.title.toLowerCase();
}

/** Category titles the spec requires (the home select and the footer name them). */
export const REQUIRED_CATEGORY_TITLES = [
  "Accommodation",
  "Shopping",
  "Food & Drink",
  "Entertainment",
  "Health",
  "Services",
  "E-sim & Mobile",
  "VPN",
  "Antivirus",
  "Web Hosting",
  "Telecom",
  "Finance",
  "Insurance",
  "Lifestyle",
];

const BADGES = /** @type {const} */ ([
  ["Verified", "bi-patch-check-fill", "success", "#16A34A"],
  ["Editor's Choice", "bi-award-fill", "primary", "#2563EB"],
  ["Exclusive", "bi-gem", "dark", "#1F2937"],
  ["Best Value", "bi-piggy-bank-fill", "info", "#0891B2"],
  ["Top Rated", "bi-star-fill", "warning", "#CA8A04"],
  ["Limited Time", "bi-hourglass-split", "danger", "#DC2626"],
  ["New", "bi-stars", "secondary", "#64748B"],
  ["Trending", "bi-graph-up-arrow", "info", "#7C3AED"],
]);

const BRAND_HEADS = [
  "Vel",
  "Nor",
  "Quil",
  "Zeph",
  "Kor",
  "Lum",
  "Tes",
  "Bri",
  "Cal",
  "Dra",
  "Ery",
  "Fen",
  "Gal",
  "Hal",
  "Ix",
  "Jun",
  "Kel",
  "Mar",
  "Nex",
  "Oro",
  "Pra",
  "Ryn",
  "Sol",
  "Tor",
  "Ul",
  "Vor",
  "Wyn",
  "Xan",
  "Yor",
  "Zan",
  "Ast",
  "Bel",
  "Cor",
  "Dun",
  "Elv",
  "Fal",
];
const BRAND_TAILS = [
  "trix",
  "vale",
  "lon",
  "ra",
  "dia",
  "ora",
  "sel",
  "tana",
  "via",
  "nix",
  "ova",
  "ilo",
  "ebo",
  "umo",
  "ari",
  "ette",
  "ion",
  "ex",
  "wick",
  "oft",
  "enza",
  "quist",
  "mond",
  "ara",
];

const BRAND_COLORS = [
  "#2563EB",
  "#7C3AED",
  "#DB2777",
  "#DC2626",
  "#EA580C",
  "#CA8A04",
  "#16A34A",
  "#059669",
  "#0891B2",
  "#0EA5E9",
  "#4F46E5",
  "#9333EA",
  "#C026D3",
  "#E11D48",
  "#0F766E",
  "#1D4ED8",
];

// {click_id} sits where each network takes a sub-id: sub1 (most), Awin's clickref, Impact's subId1.
const MACRO_QUERIES = [
  "utm_source={utm_source}&utm_medium={utm_medium}&utm_campaign={utm_campaign}&sub1={click_id}",
  "gclid={gclid}&utm_source={utm_source}&clickref={click_id}",
  "aff_sub={utm_id}&fbclid={fbclid}&utm_term={utm_term}",
  "utm_content={utm_content}&utm_g={utm_g}&gclid={gclid}&subId1={click_id}",
];

const ACTION_TEXTS = ["Visit Website", "Get Deal", "Shop Now", "Start Free Trial", "See Plans", "Claim Offer"];
const CTA_LABELS = ["Get Deal", "Shop Now", "Claim Offer", "Activate Deal", "See Plans", "Get Coupon", "Redeem Now"];
/** A deal has no coupon: its button never says it has one (issue 51). */
const DEAL_CTA_LABELS = CTA_LABELS.filter((label) => !/coupon|code/i.test(label));

const AUTHOR_PEOPLE = /** @type {const} */ ([
  ["Maya", "Lindqvist", "privacy and security software", "#2563EB"],
  ["Omar", "Haddad", "web hosting and developer tools", "#7C3AED"],
  ["Priya", "Raman", "personal finance and insurance", "#CA8A04"],
  ["Daniel", "Okafor", "mobile networks, eSIMs and travel tech", "#0891B2"],
  ["Sofia", "Marchetti", "streaming, shopping and lifestyle subscriptions", "#DB2777"],
  ["Lukas", "Brenner", "cloud storage and productivity apps", "#059669"],
]);

const PRODUCT_TIERS = ["Premium", "Plus", "Pro", "Ultimate", "Essentials", "Complete"];
/** Monthly plan price by tier, in whole cents before the .99 (products vary it a little). */
const TIER_PRICES = { Essentials: 2, Plus: 4, Premium: 6, Pro: 9, Ultimate: 12, Complete: 14 };

/** A product's plan price: most in USD, some in EUR or GBP, and every seventh without one
 * (an editor who has not filled it in), so pages show both cases. No random draw: adding
 * the fields left every other seeded value as it was.
 * @param {string} tier @param {number} index */
function planPrice(tier, index) {
  if (index % 7 === 5) return { price: 0, price_currency: "" };
  const base = TIER_PRICES[/** @type {keyof typeof TIER_PRICES} */ (tier)] + (index % 3);
  return { price: base + 0.99, price_currency: index % 5 === 1 ? "EUR" : index % 5 === 3 ? "GBP" : "USD" };
}

/** How many of the first 30 products belong to each category (MORE_PRODUCTS adds six). */
const PRODUCT_PLAN = /** @type {const} */ ([
  ["VPN", 4],
  ["Antivirus", 4],
  ["Web Hosting", 4],
  ["Password Managers", 3],
  ["Cloud Storage", 3],
  ["E-sim & Mobile", 3],
  ["Telecom", 2],
  ["Finance", 2],
  ["Insurance", 2],
  ["Email Marketing", 2],
  ["Online Learning", 1],
]);

/**
 * Products added by issue 53, after every other piece was made, so the values seeded before
 * stayed as they were: with them six categories have four published products, each with
 * the three alternatives an alternatives page needs (the other categories show the page withheld).
 */
const MORE_PRODUCTS = /** @type {const} */ ([
  ["Antivirus", 1],
  ["Web Hosting", 1],
  ["Password Managers", 2],
  ["Cloud Storage", 1],
  ["E-sim & Mobile", 1],
]);

const PLATFORMS = ["Windows, macOS, iOS, Android", "Windows, macOS, iOS, Android, Linux", "Windows, macOS, Android", "Web, iOS, Android"];
const MONEY_BACK = ["30", "45", "14", "60"];

/** The specs of each category's products (label → the values they take), the rows a
 * comparison table puts side by side. Most categories share "Free plan", "Platforms" and
 * "Money-back days", so comparisons across a group line up on them too.
 * @type {Record<string, Array<[string, string[]]>>} */
const PRODUCT_SPECS = {
  VPN: [
    ["Free plan", ["No", "Yes, 10 GB a month", "7-day trial"]],
    ["Platforms", PLATFORMS],
    ["Money-back days", MONEY_BACK],
    ["Devices at once", ["Unlimited", "10", "8", "6"]],
    ["Server countries", ["65", "94", "105", "48"]],
    ["Audited no-logs policy", ["Yes, 2025", "Yes, 2024", "Not audited"]],
  ],
  Antivirus: [
    ["Free plan", ["Yes, basic scanner", "No", "30-day trial"]],
    ["Platforms", PLATFORMS],
    ["Money-back days", MONEY_BACK],
    ["Devices", ["1", "3", "5", "10"]],
    ["Ransomware rollback", ["Yes", "No", "Premium only"]],
    ["VPN included", ["Unlimited", "200 MB a day", "No"]],
  ],
  "Web Hosting": [
    ["Free plan", ["No", "30-day trial"]],
    ["Platforms", ["Any browser; cPanel", "Any browser; own panel", "Any browser; Plesk"]],
    ["Money-back days", MONEY_BACK],
    ["Storage", ["50 GB SSD", "100 GB NVMe", "200 GB NVMe", "Unlimited"]],
    ["Free domain", ["1 year", "No", "Included"]],
    ["Uptime guarantee", ["99.9%", "99.95%", "99.99%"]],
  ],
  "Password Managers": [
    ["Free plan", ["Yes, one device", "Yes, unlimited passwords", "No"]],
    ["Platforms", PLATFORMS],
    ["Money-back days", MONEY_BACK],
    ["Passkeys", ["Yes", "Store only", "No"]],
    ["Family users", ["6", "5", "10", "No family plan"]],
    ["Breach alerts", ["Real time", "Weekly", "No"]],
  ],
  "Cloud Storage": [
    ["Free plan", ["5 GB", "10 GB", "2 GB", "No"]],
    ["Platforms", PLATFORMS],
    ["Money-back days", MONEY_BACK],
    ["Storage", ["500 GB", "1 TB", "2 TB", "5 TB"]],
    ["Encryption", ["Zero-knowledge", "AES-256 at rest", "Client-side"]],
    ["File versions kept", ["30 days", "180 days", "1 year"]],
  ],
  "E-sim & Mobile": [
    ["Free plan", ["No", "1 GB trial"]],
    ["Platforms", ["iOS, Android", "iOS, Android, iPad"]],
    ["Money-back days", ["Unused plans only", "7", "14"]],
    ["Destinations", ["120+", "150+", "190+"]],
    ["Network", ["5G where available", "LTE", "5G/LTE"]],
    ["Hotspot", ["Yes", "No", "Selected plans"]],
  ],
  Telecom: [
    ["Platforms", ["Router included", "Bring your own router"]],
    ["Money-back days", ["14", "30"]],
    ["Contract", ["No contract", "12 months", "24 months"]],
    ["Download speed", ["500 Mbps", "Up to 1 Gbps", "2 Gbps"]],
    ["Setup fee", ["Free", "$49", "$0 with 12 months"]],
  ],
  Finance: [
    ["Free plan", ["Yes", "Yes, with limits", "No"]],
    ["Platforms", ["Web, iOS, Android", "iOS, Android"]],
    ["Transfer fee", ["From 0.4%", "0.35%", "Free first transfer"]],
    ["Currencies", ["28", "40+", "150+"]],
    ["Card", ["Free virtual card", "Metal card", "Contactless card"]],
  ],
  Insurance: [
    ["Platforms", ["Web, iOS, Android", "Web"]],
    ["Money-back days", ["14", "30"]],
    ["Medical cover", ["$5M", "$10M", "Unlimited"]],
    ["Excess", ["$0 option", "$50", "$100"]],
    ["Claims paid", ["96%", "98%", "99%"]],
  ],
  "Email Marketing": [
    ["Free plan", ["1,000 contacts", "500 contacts", "No"]],
    ["Platforms", ["Web, iOS, Android", "Web"]],
    ["Money-back days", MONEY_BACK],
    ["Templates", ["80+", "120+", "300+"]],
    ["Automation", ["Visual builder", "Basic", "Advanced"]],
  ],
  "Online Learning": [
    ["Free plan", ["First lesson", "7-day trial", "No"]],
    ["Platforms", ["Web, iOS, Android", "Web"]],
    ["Money-back days", MONEY_BACK],
    ["Courses", ["400+", "1,200+", "7,000+"]],
    ["Certificates", ["Included", "Accredited", "Paid extra"]],
  ],
};

/** What changed, as an editor notes it on a revised piece (one in three has no note). */
const REVISION_NOTES = [
  "Prices and coupon codes checked again.",
  "Added our verdict on the new family plans.",
  "",
  "Updated for this year's plans and prices.",
  "Screenshots replaced after the apps' redesign.",
  "",
  "Renewal prices corrected.",
  "Support response times measured again.",
  "",
];

const GROUP_LABELS = /** @type {Record<string, string>} */ ({
  security: "Security & Privacy",
  web: "Websites & Cloud",
  mobile: "Mobile & Connectivity",
  money: "Money & Learning",
  lifestyle: "Lifestyle",
});

// ---------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------

/**
 * @param {{ scale?: number, today?: number }} [options] `today`: midnight UTC, in ms, of the day offers are dated from
 * @returns {SeedContent}
 */
export function generateContent({ scale = 1, today = SEED_DAY } = {}) {
  if (!Number.isInteger(scale) || scale < 1) {
    throw new RangeError(`scale must be a positive integer, got ${scale}`);
  }
  const ids = new IdFactory();

  // --- categories ---------------------------------------------------------------------
  /** @type {CategorySeed[]} */
  const categories = KINDS.map((kind) => {
    const slug = slugify(kind.title);
    return {
      id: ids.make(`category:${kind.title}`),
      title: kind.title,
      slug,
      icon_image: iconSvg(`icon-${slug}.svg`, kind.icon, kind.title, kind.color),
      icon_code: kind.icon,
      color_hex: kind.color,
      meta_title: `${kind.title} Coupons, Deals & Reviews | DealPilot`,
      meta_keyword: [topicOf(kind), `${kind.title.toLowerCase()} coupons`, `${kind.title.toLowerCase()} deals`, ...kind.tags].join(", "),
      meta_description: `Compare ${topicOf(kind)}, read independent reviews and grab verified coupon codes and deals, updated every week.`,
    };
  });
  /** @type {Map<string, CategorySeed>} */
  const categoryByTitle = new Map(categories.map((c) => [c.title, c]));
  /** @param {string} title */
  const cat = (title) => {
    const c = categoryByTitle.get(title);
    if (!c) throw new Error(`unknown category ${title}`);
    return c;
  };
  /** @type {Map<string, Kind>} */
  const kindById = new Map(KINDS.map((k) => [cat(k.title).id, k]));
  /** @param {string} categoryId */
  const kindOf = (categoryId) => {
    const k = kindById.get(categoryId);
    if (!k) throw new Error(`no kind for ${categoryId}`);
    return k;
  };

  // --- badges -------------------------------------------------------------------------
  /** @type {BadgeSeed[]} */
  const badges = BADGES.map(([title, iconClass, style, color]) => ({
    id: ids.make(`badge:${title}`),
    title,
    icon: iconSvg(`badge-${slugify(title)}.svg`, "", title, color),
    icon_class: iconClass,
    style,
  }));
  const badgeIds = badges.map((b) => b.id);
  const offerBadgeIds = badges.filter((b) => b.title !== "Verified").map((b) => b.id);
  /** @param {string} title */
  const badgeId = (title) => {
    const b = badges.find((x) => x.title === title);
    if (!b) throw new Error(`unknown badge ${title}`);
    return b.id;
  };

  // --- stores -------------------------------------------------------------------------
  const storeRng = new Rng("stores");
  const storeCount = 60 * scale;
  /** @type {Set<string>} */
  const usedBrands = new Set();
  /** @returns {string} */
  const brandName = () => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const name = storeRng.pick(BRAND_HEADS) + storeRng.pick(BRAND_TAILS);
      if (!usedBrands.has(name)) {
        usedBrands.add(name);
        return name;
      }
    }
    // very large scales: fall back to three-part names
    for (let n = 2; ; n++) {
      const name = storeRng.pick(BRAND_HEADS) + storeRng.pick(BRAND_TAILS).toLowerCase() + storeRng.pick(BRAND_TAILS) + (n > 50 ? n : "");
      if (!usedBrands.has(name)) {
        usedBrands.add(name);
        return name;
      }
    }
  };

  /** @type {StoreSeed[]} */
  const stores = [];
  /** @type {Map<string, { kind: Kind, color: string, host: string, brand: string, shortName: string }>} */
  const storeInfo = new Map();
  for (let i = 0; i < storeCount; i++) {
    const kind = at(KINDS, i % KINDS.length);
    const primary = cat(kind.title);
    const brand = brandName();
    const word = storeRng.pick(kind.words);
    const longTitle = i % 7 === 3;
    const title = longTitle ? `${brand} ${storeRng.pick(kind.longWords)}` : `${brand} ${word}`;
    const host = `${slugify(`${brand} ${word}`)}.example`;
    const color = storeRng.pick(BRAND_COLORS);
    const extra = storeRng.int(0, 2);
    const related = KINDS.filter((k) => k !== kind && (k.group === kind.group || storeRng.chance(0.08)));
    const categoryIds = [primary.id, ...storeRng.sample(related, extra).map((k) => cat(k.title).id)];
    const withMacros = i % 4 === 1;
    const defaultActionUrl = withMacros ? `https://${host}/go/dealpilot?${MACRO_QUERIES[i % MACRO_QUERIES.length]}` : `https://${host}/pricing?ref=dealpilot`;
    const featured = i % 6 === 0;
    const subheading = at(kind.subheadings, (i + Math.floor(i / KINDS.length)) % kind.subheadings.length);
    const keypoints = /** @type {Record<string, string>} */ ({});
    const kpCount = storeRng.int(3, 4);
    for (const [label, values] of kind.keypoints.slice(0, kpCount)) keypoints[label] = storeRng.pick(values);
    const [firstKeypoint, firstValue] = at(Object.entries(keypoints), 0);
    const feature1 = storeRng.pick(kind.features);
    const feature2 = storeRng.pick(kind.features.filter((f) => f !== feature1));
    const rating = storeRng.rating(3.6, 4.9);
    const reviewers = storeRng.int(40, 9800);
    const id = ids.make(`store:${i}`);
    const badge = i % 3 === 0 ? storeRng.pick(badgeIds) : "";
    stores.push({
      id,
      logo: logoSvg(title, color),
      banner_image: bannerSvg("banner.svg", title, subheading, color),
      title,
      slug: slugify(title),
      summery:
        `<p><strong>${html(brand)}</strong> ${html(kind.blurb)}. Our editors tested it for two weeks in ${html(
          storeRng.pick(["Dubai", "Berlin", "Toronto", "Singapore", "London", "Sydney"]),
        )} and rated it <strong>${rating}/5</strong>.</p>` +
        `<ul><li>${html(feature1)}</li><li>${html(feature2)}</li><li>${html(firstKeypoint)}: ${html(firstValue)}</li></ul>`,
      subheading,
      category_ids: categoryIds,
      website: `https://${host}/`,
      default_action_url: defaultActionUrl,
      default_action_text: storeRng.pick(ACTION_TEXTS),
      is_featured_store: featured,
      is_featured: featured,
      badge,
      description:
        `<p>${html(title)} ${html(kind.blurb)}. It is a good fit if you want ${html(feature1.toLowerCase())} without paying for features you will never use.</p>` +
        `<p>What we liked most:</p><ul>` +
        kind.features.map((f) => `<li><strong>${html(f)}</strong> works as advertised on desktop and mobile.</li>`).join("") +
        `</ul><p>Read the full terms on the <a href="https://${host}/terms" rel="nofollow">${html(brand)} website</a> before you buy; prices shown at checkout include local taxes.</p>`,
      rating,
      reviewers,
      rating_source: "DealPilot editors' test; readers' reviews",
      keypoints,
      meta_title: `${title} Coupons & Deals (${rating}★) | DealPilot`,
      meta_keyword: [brand.toLowerCase(), `${brand.toLowerCase()} coupon`, `${brand.toLowerCase()} promo code`, ...kind.tags.slice(0, 2)].join(", "),
      meta_description: `Save on ${title}: verified coupon codes, current deals and an independent review. ${subheading}.`,
      view_count: storeRng.int(120, 48000),
      status: "published",
    });
    storeInfo.set(id, { kind, color, host, brand, shortName: `${brand} ${word}` });
  }
  /** @param {string} storeId */
  const infoOf = (storeId) => {
    const info = storeInfo.get(storeId);
    if (!info) throw new Error(`unknown store ${storeId}`);
    return info;
  };

  // --- offers -------------------------------------------------------------------------
  const offerRng = new Rng("offers");
  const lifecycleRng = new Rng("offer-lifecycle");
  const countryRng = new Rng("offer-countries");
  const offerCount = 400 * scale;
  /** @type {number[]} store index of each offer: 3 per store, the rest spread at random */
  const offerStores = [];
  for (let s = 0; s < storeCount; s++) offerStores.push(s, s, s);
  while (offerStores.length < offerCount) offerStores.push(offerRng.int(0, storeCount - 1));
  offerStores.sort((a, b) => a - b);

  /** @type {OfferSeed[]} */
  const offers = [];
  /** @type {Map<string, string[]>} */
  const offersByStore = new Map();
  /** @type {Set<number>} */
  const usedClicks = new Set();
  let featuredDeals = 0;
  for (let i = 0; i < offerCount; i++) {
    const storeIndex = at(offerStores, i);
    const store = at(stores, storeIndex);
    const { kind, color, host, brand } = infoOf(store.id);
    const own = offersByStore.get(store.id) || [];
    const nth = own.length;
    // first offer of a store: deal; second: coupon with code; third: coupon without code
    const variant = nth < 3 ? nth : offerRng.int(0, 2);
    const type = variant === 0 ? "deal" : "coupon";
    const pct = offerRng.pick([10, 15, 20, 25, 30, 35, 40, 50, 60, 65, 70, 72, 80]);
    const plan = offerRng.pick(kind.plans);
    const perk = offerRng.pick(kind.perks);
    const heading =
      type === "deal"
        ? offerRng.pick([`${pct}% off the ${plan}`, `Save ${pct}% on the ${plan}`, `${capitalize(plan)} with ${perk}`, `Up to ${pct}% off ${brand}`])
        : variant === 1
          ? offerRng.pick([`${pct}% off your first ${kind.unit}`, `Extra ${pct}% off with code`, `${pct}% off sitewide`])
          : offerRng.pick([`${capitalize(perk)} on any ${plan}`, `${pct}% discount applied at checkout`, `Free gift: ${perk}`]);
    // No urgency words: when an offer ends is said by its dates alone (issue 34).
    const subheading = offerRng.pick([
      capitalize(perk),
      `Valid on the ${plan} for new customers only`,
      `${capitalize(perk)} on every plan`,
      `${capitalize(perk)} when you sign up`,
      "New customers",
      `${pct}% off`,
      `Stack it with ${perk}`,
    ]);
    const code = variant === 1 ? `${brand.toUpperCase().slice(0, 6)}${pct}` : "";
    let clicks = type === "deal" ? offerRng.int(50, 5000) : offerRng.int(0, 2500);
    if (type === "deal" && nth === 0 && storeIndex % 5 === 0) clicks += 8000 + offerRng.int(0, 12000);
    while (usedClicks.has(clicks)) clicks += 1;
    usedClicks.add(clicks);
    const isFeatured = type === "deal" && (storeIndex % 4 === 0 || offerRng.chance(0.05));
    if (isFeatured) featuredDeals++;
    // Never "Verified": an offer's verified mark comes from verified_at alone (issue 34).
    const badgeList = offerRng.chance(0.35) ? offerRng.sample(offerBadgeIds, offerRng.int(1, 2)) : [];
    const macro = i % 3 === 0 ? `&${MACRO_QUERIES[i % MACRO_QUERIES.length]}` : "";
    const label = type === "deal" ? `${pct}% OFF` : variant === 1 ? "CODE" : "SALE";
    const id = ids.make(`offer:${i}`);
    const path = `/offer/${slugify(heading)}?ref=dealpilot${macro}`;
    offers.push({
      id,
      heading,
      subheading,
      rating: offerRng.rating(3.5, 5),
      review_count: offerRng.int(0, 2400),
      click_count: clicks,
      view_count: clicks * offerRng.int(3, 12) + offerRng.int(0, 999),
      type,
      coupon_code: code,
      cta_label: type === "coupon" && variant === 1 ? "Get Code" : offerRng.pick(type === "deal" ? DEAL_CTA_LABELS : CTA_LABELS),
      cta_url: `https://${host}${path}`,
      cta_trigger: i % 5 !== 2,
      tnc:
        `<p>Offer valid for ${offerRng.pick(["new customers", "new and returning customers", "new subscriptions"])} until the end of the promotion. ` +
        `Discount applies to the first billing period; renewals are charged at the standard rate.</p>` +
        `<ul><li>One use per customer.</li><li>Cannot be combined with other promotions.</li><li>${html(brand)} may end the offer at any time.</li></ul>`,
      thumbnail: thumbnailSvg("thumbnail.svg", label, "", color),
      is_featured: isFeatured,
      badge: badgeList[0] || "",
      badges: badgeList,
      headline: `${brand}: ${heading}`,
      description: `<p>${html(heading)} at <strong>${html(store.title)}</strong>. ${html(capitalize(kind.blurb))}.</p>`,
      categories: store.category_ids.slice(0, 2),
      store: store.id,
      ...offerLifecycle(lifecycleRng, today, nth),
      status: "published",
      ...offerCountries(countryRng, host, path),
    });
    own.push(id);
    offersByStore.set(store.id, own);
  }
  // make sure there are enough featured deals on small data sets
  for (const offer of offers) {
    if (featuredDeals >= 12 * scale) break;
    if (offer.type === "deal" && !offer.is_featured) {
      offer.is_featured = true;
      featuredDeals++;
    }
  }

  // --- banners ------------------------------------------------------------------------
  const bannerRng = new Rng("banners");
  /** @type {BannerSeed[]} */
  const banners = [0, 1, 2, 3, 4, 5].map((n) => {
    const store = at(stores, (n * 7 + 2) % stores.length);
    const { kind, color, host, brand } = infoOf(store.id);
    const pct = bannerRng.pick([30, 40, 50, 60, 70, 80]);
    const name = `${brand}: up to ${pct}% off ${at(kind.plans, 0)}`;
    return {
      id: ids.make(`banner:${n}`),
      name,
      image: bannerSvg("banner.svg", name, `${capitalize(at(kind.perks, 0))} · limited time`, color),
      url: `https://${host}/promo/${pct}-off${n % 2 === 0 ? `?${MACRO_QUERIES[n % MACRO_QUERIES.length]}` : ""}`,
    };
  });

  // --- authors ------------------------------------------------------------------------
  const authorRng = new Rng("authors");
  /** @type {AuthorSeed[]} */
  const authors = AUTHOR_PEOPLE.map(([first, last, beat, color], n) => {
    const handle = `${first[0]}${last}`.toLowerCase();
    /** @type {SocialLink[]} */
    const social = [
      { network: "x", url: `https://x.example/${handle}` },
      { network: "linkedin", url: `https://linkedin.example/in/${slugify(`${first} ${last}`)}` },
    ];
    if (n % 2 === 1) social.push({ network: "github", url: `https://github.example/${handle}` });
    social.push({ network: "website", url: `https://${slugify(`${first} ${last}`)}.example/` });
    return {
      id: ids.make(`author:${first} ${last}`),
      first_name: first,
      last_name: last,
      avatar: portraitSvg(color, n),
      about:
        `<p>${first} ${last} covers ${beat} for DealPilot. Before joining the editorial team ${first} spent ${authorRng.int(4, 12)} years testing software for consumer magazines.</p>` +
        `<p>${first} buys every product reviewed with a normal account and never lets partners see a review before it is published.</p>`,
      rating: authorRng.rating(4.3, 5),
      review_count: authorRng.int(40, 400),
      badges: authorRng.sample(badgeIds, authorRng.int(1, 2)),
      user: "",
      social_links: social,
      expertise: capitalize(beat),
    };
  });

  // --- products -----------------------------------------------------------------------
  const productRng = new Rng("products");
  /** @type {ProductSeed[]} */
  const products = [];
  /** @type {Map<string, string>} product id -> store id */
  const productStore = new Map();
  let productIndex = 0;
  /**
   * The next product: the tier `tier` of `store`, in `category`, its figures drawn from `rng`.
   * @param {Rng} rng @param {CategorySeed} category @param {StoreSeed} store @param {string} tier @param {Status} status
   */
  const addProduct = (rng, category, store, tier, status) => {
    const kind = kindOf(category.id);
    const { color, host, brand, shortName } = infoOf(store.id);
    const name = `${shortName} ${tier}`;
    const storeOffers = offersByStore.get(store.id) || [];
    const firstCoupon = offers.find((o) => o.store === store.id && o.coupon_code);
    const macro = productIndex % 3 === 0 ? `&${MACRO_QUERIES[productIndex % MACRO_QUERIES.length]}` : "";
    const id = ids.make(`product:${productIndex}`);
    const f = rng.shuffle(kind.features);
    const [f0, f1] = [at(f, 0), at(f, 1)];
    products.push({
      id,
      name,
      brand,
      primary_category: category.id,
      categories: store.category_ids.slice(),
      featured_image: thumbnailSvg("featured.svg", tier.toUpperCase(), name, color),
      images: [1, 2, 3].slice(0, rng.int(2, 3)).map((n) => screenshotSvg(`screenshot-${n}.svg`, name, color, n)),
      summary: `<p>${html(name)} ${html(kind.blurb)}. ${html(f0)} and ${html(f1.toLowerCase())} come with every plan.</p>`,
      description:
        `<p><strong>${html(name)}</strong> is the ${html(tier.toLowerCase())} tier from ${html(brand)}. ` +
        `We used it daily for a month on Windows, macOS and Android.</p>` +
        `<ul>${f.map((x) => `<li>${html(x)}</li>`).join("")}</ul>`,
      pros: `<ul><li>${html(f0)}</li><li>${html(f1)}</li><li>Clear pricing with a money-back guarantee</li></ul>`,
      cons: `<ul><li>Renewal price is higher than the first term</li><li>${html(
        rng.pick(["Some features are desktop-only", "Support is slower at weekends", "Fewer integrations than rivals", "No free plan"]),
      )}</li></ul>`,
      tags: kind.tags.slice(0, 3).concat(slugify(brand)).join(" "),
      headline: `${name}: ${at(kind.subheadings, productIndex % kind.subheadings.length)}`,
      coupon_offer: firstCoupon ? firstCoupon.id : "",
      offers: storeOffers.slice(0, 3),
      cta_label: rng.pick(CTA_LABELS),
      cta_url: `https://${host}/plans/${slugify(tier)}?ref=dealpilot${macro}`,
      cta_trigger: productIndex % 4 !== 3,
      rating: rng.rating(3.8, 4.9),
      review_count: rng.int(20, 3200),
      rating_source: "DealPilot readers' reviews",
      view_count: rng.int(300, 60000),
      click_count: rng.int(20, 9000),
      status,
      ...planPrice(tier, productIndex),
      specs: {},
    });
    productStore.set(id, store.id);
    productIndex++;
  };
  /** @param {string} kindTitle */
  const storesOfKind = (kindTitle) => stores.filter((s) => s.category_ids[0] === cat(kindTitle).id);
  for (const [kindTitle, count] of PRODUCT_PLAN) {
    const kindStores = storesOfKind(kindTitle);
    for (let k = 0; k < count; k++) {
      const tier = at(PRODUCT_TIERS, (productIndex + k) % PRODUCT_TIERS.length);
      /** @type {Status} */
      const status = [4, 9, 14].includes(productIndex) ? "draft" : productIndex === 27 ? "archived" : "published";
      addProduct(productRng, cat(kindTitle), at(kindStores, k % kindStores.length), tier, status);
    }
  }
  /** @param {string} productId */
  const storeOfProduct = (productId) => {
    const s = productStore.get(productId);
    if (!s) throw new Error(`unknown product ${productId}`);
    return s;
  };
  /** Published products of a group. @param {string} group */
  const productsInGroup = (group) => products.filter((p) => p.status === "published" && kindOf(p.primary_category).group === group);
  const productGroups = ["security", "web", "mobile", "money"];

  const authorIds = authors.map((a) => a.id);

  // --- advertorials -------------------------------------------------------------------
  const advRng = new Rng("advertorials");
  /** @type {Array<[string, string, string]>} group, focus category, title */
  const ADV_TITLES = [
    ["security", "VPN", "Best VPN Services of 2026: Our Picks for Privacy and Speed"],
    ["security", "Antivirus", "The Best Antivirus Suites We Tested This Year"],
    ["web", "Web Hosting", "Top Web Hosting Providers for Small Businesses"],
    ["mobile", "E-sim & Mobile", "Travel eSIMs Compared: Stay Online Abroad Without Roaming Fees"],
    ["security", "Password Managers", "Best Password Managers for Families and Teams"],
    ["money", "Finance", "Money Apps That Make International Transfers Cheaper"],
    ["security", "Antivirus", "Secure Your Home Office: Security Tools Worth Paying For"],
    ["web", "Web Hosting", "Where to Host a WordPress Site in 2026"],
    ["mobile", "E-sim & Mobile", "Staying Connected: Mobile Plans and eSIMs for Remote Workers"],
    ["money", "Insurance", "Insurance and Finance Apps Worth Downloading"],
    ["security", "VPN", "The Privacy Starter Kit: VPN, Password Manager and Antivirus"],
    ["web", "Cloud Storage", "Cloud Storage and Backup Services Ranked"],
    ["web", "Email Marketing", "Best Email Marketing Platforms for Growing Brands"],
    ["mobile", "Telecom", "Broadband and SIM-Only Deals Explained"],
    ["money", "Online Learning", "Learning New Skills Online: Platforms That Deliver"],
    ["security", "Password Managers", "How We Chose the Best Security Bundles"],
    ["web", "Web Hosting", "Cheap but Reliable: Budget Hosting Picks"],
    ["mobile", "Telecom", "The Digital Nomad Toolkit: Connectivity Essentials"],
    ["money", "Finance", "Protecting Your Money Online: Apps We Trust"],
    ["security", "VPN", "Family Safety Online: Tools for Every Device"],
  ];
  /** @type {AdvertorialSeed[]} */
  const advertorials = [];
  for (let i = 0; i < 20 * scale; i++) {
    const [group, focus, base] = at(ADV_TITLES, i % ADV_TITLES.length);
    const groupLabel = GROUP_LABELS[group] || group;
    const focusId = cat(focus).id;
    const groupProducts = productsInGroup(group);
    // products of the focus category first, then the rest of the group
    const pool = [
      ...advRng.shuffle(groupProducts.filter((p) => p.primary_category === focusId)),
      ...advRng.shuffle(groupProducts.filter((p) => p.primary_category !== focusId)),
    ];
    const showOverview = i % 3 !== 2;
    const count = showOverview ? Math.min(pool.length, 5 + (i % 4)) : Math.min(pool.length, advRng.int(3, 5));
    const chosen = pool.slice(0, count);
    const title = editionTitle(base, Math.floor(i / ADV_TITLES.length));
    const kinds = [...new Set(chosen.map((p) => kindOf(p.primary_category)))];
    const tags = [...new Set(kinds.flatMap((k) => k.tags.slice(0, 2)))].concat("reviews", "2026");
    const color = at(kinds, 0).color;
    const names = chosen.map((p) => p.name);
    const words = [
      `Choosing ${groupLabel.toLowerCase()} tools is harder than it should be: every provider claims to be the fastest, the safest and the cheapest.`,
      `We signed up for ${chosen.length} services with our own money, used them for at least three weeks and measured what actually matters.`,
      `Below you will find our shortlist, what each service does best, who should skip it and the current discount we found for it.`,
      `Prices were checked on ${seedDate(advRng).slice(0, 10)} and are shown ${pricesIn(chosen)} including tax.`,
    ];
    advertorials.push({
      id: ids.make(`advertorial:${i}`),
      status: "published",
      title,
      subtitle: advRng.pick([
        `We tested ${chosen.length} services side by side so you do not have to`,
        "Independent picks with current prices, coupon codes and honest downsides",
        `Our editors compared ${kinds.map((k) => k.title).join(", ")} providers for speed, price and support`,
      ]),
      summary: `<p>${words.map(html).join(" ")}</p>`,
      featured_image: thumbnailSvg("featured.svg", `TOP ${chosen.length}`, groupLabel, color),
      banner_image: bannerSvg("banner.svg", title, `Independent picks · ${groupLabel}`, color),
      show_overview: showOverview,
      products: chosen.map((p) => p.id),
      show_offers: i % 2 === 0,
      description:
        `<p>${html(at(names, 0))} tops our list this time, but it is not the right choice for everyone. ` +
        `Here is how we scored each service:</p><ul>` +
        `<li><strong>Performance</strong>: measured three times a day from three regions.</li>` +
        `<li><strong>Value</strong>: first-term and renewal prices, plus what is included.</li>` +
        `<li><strong>Support</strong>: response time to the same five questions.</li></ul>`,
      conclusion: `<p>If you only pick one, go with <strong>${html(at(names, 0))}</strong>. On a budget, <strong>${html(
        at(names, names.length - 1),
      )}</strong> is the better deal. Whatever you choose, use the money-back guarantee to test it yourself.</p>`,
      authors: advRng.sample(authorIds, advRng.int(1, 2)),
      categories: kinds.slice(0, 3).map((k) => cat(k.title).id),
      tags: tags.join(", "),
      publish_time: seedDate(advRng),
      meta_title: `${title} | DealPilot`,
      meta_keywords: tags.join(", "),
      meta_description: `${title}. ${words[1]}`,
      is_featured: i % 4 === 0 || i % 7 === 1,
      stores: [...new Set(chosen.map((p) => storeOfProduct(p.id)))],
      revised_at: "",
      revision_note: "",
    });
  }

  // --- comparisons --------------------------------------------------------------------
  const cmpRng = new Rng("comparisons");
  const CMP_TAGLINES = [
    "Which one is worth your money?",
    "Speed, price and features compared",
    "We tested both for a month",
    "The honest head-to-head",
    "Which should you choose in 2026?",
  ];
  const firstDraft = products.find((p) => p.status === "draft");
  if (!firstDraft) throw new Error("no draft product");
  /** @type {Map<string, ProductSeed[]>} */
  const groupPools = new Map(productGroups.map((g) => [g, cmpRng.shuffle(productsInGroup(g))]));
  /** @type {ComparisonSeed[]} */
  const comparisons = [];
  for (let i = 0; i < 15 * scale; i++) {
    const group = at(productGroups, i % productGroups.length);
    const pool = groupPools.get(group) || [];
    /** @type {Array<[number, number]>} every pair of the group, in a stable order */
    const pairs = [];
    for (let a = 0; a < pool.length; a++) for (let b = a + 1; b < pool.length; b++) pairs.push([a, b]);
    const nthInGroup = Math.floor(i / productGroups.length);
    const [a, b] = at(pairs, (nthInGroup * 3) % pairs.length);
    const primary = at(pool, a);
    const secondary = at(pool, b);
    const rest = cmpRng.shuffle(pool.filter((p) => p !== primary && p !== secondary));
    const further = rest.slice(0, Math.min(rest.length, 2 + (i % 3)));
    const tagline = at(CMP_TAGLINES, i % CMP_TAGLINES.length);
    const title = editionTitle(`${primary.name} vs ${secondary.name}`, Math.floor(i / 15));
    const all = [primary, secondary, ...further];
    const kinds = [...new Set(all.map((p) => kindOf(p.primary_category)))];
    const mainKind = at(kinds, 0);
    const tags = [primary.brand, secondary.brand, ...mainKind.tags.slice(0, 2), "comparison"];
    const color = kindOf(primary.primary_category).color;
    comparisons.push({
      id: ids.make(`comparison:${i}`),
      status: "published",
      title,
      subtitle: `${tagline} ${primary.brand} and ${secondary.brand} go head to head on price, features and support.`,
      featured_image: thumbnailSvg("featured.svg", "VS", `${primary.brand} · ${secondary.brand}`, color),
      banner_image: bannerSvg("banner.svg", title, tagline, color),
      intro:
        `<p>${html(primary.name)} and ${html(secondary.name)} are two of the most popular choices in ${html(
          mainKind.title,
        )}. We used both every day for four weeks and compared them on the things you will notice.</p>` +
        `<ul><li>Price for the first year and on renewal</li><li>Everyday performance</li><li>Apps, support and refund policy</li></ul>`,
      outro:
        `<p><strong>Our verdict:</strong> ${html(primary.name)} wins overall thanks to ${html(
          at(mainKind.features, 0).toLowerCase(),
        )}, while ${html(secondary.name)} is the better pick if price matters most. ` + `We also looked at ${further.map((p) => html(p.name)).join(", ")}.</p>`,
      primary_product: primary.id,
      primary_product_badges: [badgeId("Editor's Choice"), ...(i % 2 === 0 ? [badgeId("Top Rated")] : [])],
      primary_product_cardtype: "medium",
      secondery_product: secondary.id,
      secondery_product_badges: [badgeId(i % 2 === 0 ? "Best Value" : "Trending")],
      secondery_product_cardtype: i % 3 === 0 ? "small" : "medium",
      // The first comparison also lists a draft product, which readers must never see
      // (the Products collection rule hides it from the expand).
      products: [...further.map((p) => p.id), ...(i === 0 ? [firstDraft.id] : [])],
      cta_label: cmpRng.pick(["See Deal", "Check Price", "Get Offer", "Visit Site"]),
      authors: cmpRng.sample(authorIds, 1 + (i % 2)),
      categories: kinds.slice(0, 2).map((k) => cat(k.title).id),
      tags: tags.join(", "),
      meta_title: `${title}: ${tagline} | DealPilot`,
      meta_keywords: tags.join(", "),
      meta_description: `${title} compared on price, features and support. ${tagline}`,
      publish_time: seedDate(cmpRng),
      is_featured: i % 3 === 0,
      stores: [...new Set(all.map((p) => storeOfProduct(p.id)))],
      comparison_rows: [],
      revised_at: "",
      revision_note: "",
    });
  }

  // --- blog articles ------------------------------------------------------------------
  const articleRng = new Rng("articles");
  /** @type {ArticleSeed[]} */
  const articles = [];
  for (let i = 0; i < 25 * scale; i++) {
    const topic = at(ARTICLE_TOPICS, i % ARTICLE_TOPICS.length);
    const round = Math.floor(i / ARTICLE_TOPICS.length);
    const title = editionTitle(topic.title, round);
    const category = cat(topic.kind);
    const kind = kindOf(category.id);
    const kindProducts = products.filter((p) => p.primary_category === category.id && p.status === "published");
    const product = i % 2 === 0 && kindProducts.length > 0 ? at(kindProducts, i % kindProducts.length) : undefined;
    const store = product ? stores.find((s) => s.id === storeOfProduct(product.id)) : stores.find((s) => s.category_ids[0] === category.id);
    if (!store) throw new Error(`no store for ${topic.kind}`);
    const extraCats = articleRng
      .sample(
        KINDS.filter((k) => k.group === kind.group && k !== kind),
        articleRng.int(0, 1),
      )
      .map((k) => cat(k.title).id);
    const tags = [...topic.tags, ...kind.tags.slice(0, 1)];
    const draft = i % 25 === 11 || i % 25 === 23;
    articles.push({
      id: ids.make(`article:${i}`),
      title,
      slug: slugify(title),
      // One article without a featured image: lists then show its banner instead (spec).
      featured_image: i === 7 ? "" : thumbnailSvg("featured.svg", topic.label, kind.title, kind.color),
      banner_image: bannerSvg("banner.svg", title, `${kind.title} · DealPilot guides`, kind.color),
      summary: `<p>${html(topic.summary)}</p>`,
      content: articleMarkdown(topic, kind, store, infoOf(store.id).host, articleRng),
      product: product ? product.id : "",
      product_cardtype: i % 3 === 0 ? "small" : "medium",
      offers: (offersByStore.get(store.id) || []).slice(0, articleRng.int(1, 3)),
      tags: [...new Set(tags)].join(" "),
      authors: [at(authorIds, i % authorIds.length)],
      categories: [category.id, ...extraCats],
      status: draft ? "draft" : "published",
      publish_time: seedDate(articleRng),
      meta_title: `${title} | DealPilot Blog`,
      meta_keywords: [...new Set(tags)].join(", "),
      meta_description: topic.summary,
      is_featured: i % 5 === 0,
      revised_at: "",
      revision_note: "",
    });
  }

  // --- issue 53: more products, specs, comparison rows, revisions ----------------------
  // In passes of their own, after everything else, so every value seeded before stays as it was.
  const moreRng = new Rng("more-products");
  for (const [kindTitle, count] of MORE_PRODUCTS) {
    const kindStores = storesOfKind(kindTitle);
    const made = products.filter((p) => p.primary_category === cat(kindTitle).id).length;
    for (let k = 0; k < count; k++) {
      const store = at(kindStores, (made + k) % kindStores.length);
      // A tier the store's products do not have yet, so every product name stays unique.
      const tier = PRODUCT_TIERS.find((t) => !products.some((p) => p.name === `${infoOf(store.id).shortName} ${t}`));
      if (!tier) throw new Error(`no tier left for ${store.title}`);
      addProduct(moreRng, cat(kindTitle), store, tier, "published");
    }
  }
  const specRng = new Rng("product-specs");
  for (const product of products) {
    const vocabulary = PRODUCT_SPECS[kindOf(product.primary_category).title] || [];
    product.specs = Object.fromEntries(vocabulary.map(([label, values]) => [label, specRng.pick(values)]));
  }
  /** @param {string} productId */
  const specLabels = (productId) => Object.keys(products.find((p) => p.id === productId)?.specs || {});
  for (const [i, comparison] of comparisons.entries()) {
    const compared = [comparison.primary_product, comparison.secondery_product, ...comparison.products].filter((id) =>
      products.some((p) => p.id === id && p.status === "published"),
    );
    // The specs at least two compared products state, those all of them state first, at most
    // five; every fourth comparison leaves the choice to the site (the specs all of them state).
    /** @param {string} label */
    const stated = (label) => compared.filter((id) => specLabels(id).includes(label)).length;
    const labels = [...new Set(compared.flatMap(specLabels))].filter((label) => stated(label) >= 2);
    const rows = [...labels.filter((label) => stated(label) === compared.length), ...labels.filter((label) => stated(label) < compared.length)];
    comparison.comparison_rows = i % 4 === 1 ? [] : rows.slice(0, 5);
  }
  /** Every third piece was revised a few weeks to months after it was published, never after the seed's day.
   * @param {{ publish_time: string } & Revision} piece @param {number} i */
  const revise = (piece, i) => {
    if (i % 3 !== 1) return;
    const published = Date.parse(piece.publish_time.replace(" ", "T"));
    const revised = Math.min(published + (21 + ((i * 17) % 120)) * DAY_MS, SEED_DAY - DAY_MS);
    if (revised <= published) return;
    piece.revised_at = new Date(revised).toISOString().replace("T", " ");
    piece.revision_note = at(REVISION_NOTES, i % REVISION_NOTES.length);
  };
  for (const pieces of [articles, comparisons, advertorials]) pieces.forEach(revise);

  // --- site settings ------------------------------------------------------------------
  const byTitle = stores.slice().sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  /** @type {WebsiteSeed[]} */
  const websites = [
    {
      id: WEBSITE_ID,
      name: "DealPilot",
      origin: "https://dealpilot.example",
      support_email: "support@dealpilot.example",
      office_city: "Dubai",
      office_country: "United Arab Emirates",
      office_address: "Office 1204, Bay Square Building 7, Business Bay, Dubai, United Arab Emirates",
      social_links: [
        { network: "x", url: "https://x.example/dealpilot" },
        { network: "linkedin", url: "https://linkedin.example/company/dealpilot" },
        { network: "website", url: "https://dealpilot.example/about-us" },
      ],
      analytics_measurement_id: "G-DEMO0000000",
      ping_cid: "dp1",
      pings_enabled: true,
      footer_categories: [cat("Services").id, cat("E-sim & Mobile").id],
      featured_stores: byTitle.slice(0, 10).map((s) => s.id),
    },
  ];

  // --- clicks of the day ("Used N times today"): a few on some of the offers always live ---
  const clickRng = new Rng("clicks");
  /** @type {ClickSeed[]} */
  const clicks = [];
  // The same few hundred at any scale: load-test content needs no more, and seeding stays quick.
  for (const [index, offer] of offers.slice(0, 400).entries()) {
    const rank = (offersByStore.get(offer.store) || []).indexOf(offer.id);
    if (rank > 2 || index % 3 !== 0) continue;
    const host = new URL(offer.cta_url).hostname;
    for (let n = clickRng.int(1, 6); n > 0; n--) {
      const id = ids.make(`click:${clicks.length}`);
      // At the start of the seeding day: within "the last 24 hours" all that day.
      clicks.push({
        id,
        click_id: `seed-${id}`,
        kind: "click",
        url: offer.cta_url,
        target_host: host,
        offer: offer.id,
        store: offer.store,
        counted: true,
        event_time: dayOffset(today, 0),
      });
    }
  }

  const marketing = generateMarketing({ offers, offersByStore, today, ids });

  return { categories, badges, stores, offers, banners, authors, products, articles, comparisons, advertorials, websites, clicks, ...marketing };
}

// ---------------------------------------------------------------------------------------
// Marketing: a network, a marketer, two weeks of campaign clicks and their conversions
// ---------------------------------------------------------------------------------------

/** The demo marketer's account (docs/reports.md); `npm start` prints it. */
export const DEMO_MARKETER = { email: "marketer@dealpilot.local", password: "marketer-demo-1234" };
/** The demo editor's account (docs/editors.md): signed in on the site, previews drafts; `npm start` prints it. */
export const DEMO_EDITOR = { email: "editor@dealpilot.local", password: "editor-demo-1234" };

const CAMPAIGNS = [
  { utm_source: "google", utm_medium: "cpc", utm_campaign: "black-friday" },
  { utm_source: "google", utm_medium: "cpc", utm_campaign: "vpn-brand" },
  { utm_source: "newsletter", utm_medium: "email", utm_campaign: "weekly-deals" },
  { utm_source: "facebook", utm_medium: "social", utm_campaign: "black-friday" },
  { utm_source: "bing", utm_medium: "cpc", utm_campaign: "hosting-q4" },
  { utm_source: "", utm_medium: "", utm_campaign: "" },
];
const COUNTRIES = ["US", "US", "US", "GB", "GB", "DE", "FR", "CA", "AU", "NL"];
const DEVICES = ["desktop", "desktop", "mobile", "mobile", "mobile", "tablet"];
const TRACKING_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"];

/**
 * The first of `items` that fit in `max` characters joined by `separator`: a field's limit
 * holds at every --scale (half the stores' hosts of scale 3 passed the 2,000 of click_domains).
 * @param {string[]} items @param {string} separator @param {number} max
 */
function withinLength(items, separator, max) {
  const kept = [];
  let length = 0;
  for (const item of items) {
    const added = (kept.length > 0 ? separator.length : 0) + item.length;
    if (length + added > max) break;
    kept.push(item);
    length += added;
  }
  return kept;
}

/**
 * Enough for the report to be worth looking at on a fresh `npm start`: the clicks of the 13
 * days before the seeding day, with campaigns, countries and devices, on the offers every
 * store keeps live; one network whose click domains are half of the stores' hosts (as many as the field holds); and a
 * sale for about one click in twelve of those, reported within the day, some still pending
 * and a few reversed.
 * @param {{ offers: OfferSeed[], offersByStore: Map<string, string[]>, today: number, ids: IdFactory }} input
 */
function generateMarketing({ offers, offersByStore, today, ids }) {
  const rng = new Rng("marketing");
  const byId = new Map(offers.map((offer) => [offer.id, offer]));
  const clickable = [...offersByStore.values()].flatMap((list) => list.slice(0, 3)).map((id) => /** @type {OfferSeed} */ (byId.get(id)));
  const hostOf = (/** @type {OfferSeed} */ offer) => new URL(offer.cta_url).hostname;
  const networkHosts = withinLength(
    [...new Set(clickable.map(hostOf))].filter((_, index) => index % 2 === 0),
    ", ",
    LIMITS.click_domains,
  );
  const network = {
    id: ids.make("network:demo"),
    name: "Demo Network",
    postback_token: Array.from({ length: 32 }, () => rng.pick([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"])).join(""),
    active: true,
    click_domains: networkHosts.join(", "),
    notes: "Demo network of the seeded content: its postback URL is /postback/<postback_token>.",
  };
  const marketers = [{ id: ids.make("marketer:demo"), ...DEMO_MARKETER, passwordConfirm: DEMO_MARKETER.password, name: "Demo Marketer", verified: true }];
  const editors = [{ id: ids.make("editor:demo"), ...DEMO_EDITOR, passwordConfirm: DEMO_EDITOR.password, name: "Demo Editor", verified: true }];
  /** @type {Array<Record<string, unknown>>} */
  const campaignClicks = [];
  /** @type {Array<Record<string, unknown>>} */
  const conversions = [];
  for (let day = -13; day <= -1; day++) {
    for (let n = rng.int(25, 60); n > 0; n--) {
      const offer = rng.pick(clickable);
      const campaign = rng.pick(CAMPAIGNS);
      const id = ids.make(`campaign-click:${campaignClicks.length}`);
      const at = today + day * DAY_MS + rng.int(0, DAY_MS / 1000 - 1) * 1000;
      const click = {
        id,
        click_id: `seed-${id}`,
        kind: "click",
        url: offer.cta_url,
        target_host: hostOf(offer),
        offer: offer.id,
        store: offer.store,
        ...Object.fromEntries(TRACKING_KEYS.map((key) => [key, /** @type {Record<string, string>} */ (campaign)[key] ?? ""])),
        country: rng.pick(COUNTRIES),
        device: rng.pick(DEVICES),
        counted: rng.chance(0.85),
        event_time: new Date(at).toISOString().replace("T", " "),
      };
      campaignClicks.push(click);
      if (!networkHosts.includes(click.target_host) || !rng.chance(1 / 8)) continue;
      const reported = new Date(Math.min(at + rng.int(5, 600) * 60_000, today - 1000)).toISOString();
      const status = rng.chance(0.1) ? "reversed" : rng.chance(0.25) ? "pending" : "approved";
      const currency = rng.chance(0.2) ? "EUR" : "USD";
      const payout = rng.int(200, 6000) / 100;
      const { id: _clickRecord, click_id, kind: _kind, url: _url, target_host: _host, counted: _counted, event_time, ...copied } = click;
      conversions.push({
        id: ids.make(`conversion:${conversions.length}`),
        network: network.id,
        click_id,
        txid: `DEMO-${100000 + conversions.length}`,
        status,
        payout,
        currency,
        event: "sale",
        matched: true,
        ...copied,
        click_time: event_time,
        reported_at: reported.replace("T", " "),
        status_time: reported.replace("T", " "),
        history: [{ id: `seed-${conversions.length}`, status, payout, currency, event: "sale", at: reported }],
      });
    }
  }
  return { networks: [network], marketers, editors, campaignClicks, conversions };
}

// ---------------------------------------------------------------------------------------
// Blog articles (markdown)
// ---------------------------------------------------------------------------------------

/**
 * @typedef {{ title: string, kind: string, label: string, tags: string[], summary: string,
 *   steps: string[], code: { lang: string, body: string }, points: string[] }} ArticleTopic
 */

/** @type {ArticleTopic[]} */
const ARTICLE_TOPICS = [
  {
    title: "How to Set Up WireGuard on Your Home Router",
    kind: "VPN",
    label: "GUIDE",
    tags: ["wireguard", "router", "howto"],
    summary: "A step-by-step guide to protecting every device in your home with one WireGuard tunnel on the router.",
    steps: [
      "Check that your router firmware supports WireGuard",
      "Download the configuration file from your VPN account",
      "Import the file and enable the tunnel",
      "Test for DNS leaks",
    ],
    code: {
      lang: "ini",
      body: "[Interface]\nPrivateKey = <your-private-key>\nAddress = 10.8.0.2/32\nDNS = 10.8.0.1\n\n[Peer]\nPublicKey = <server-public-key>\nEndpoint = nl-ams-01.vpn.example:51820\nAllowedIPs = 0.0.0.0/0, ::/0",
    },
    points: ["Every device is covered, including smart TVs", "One subscription slot instead of ten", "Expect a 10–20% speed drop on older routers"],
  },
  {
    title: "Do You Still Need Antivirus on Windows 11?",
    kind: "Antivirus",
    label: "EXPLAINER",
    tags: ["windows", "defender", "malware"],
    summary: "Built-in protection has improved a lot. Here is when a paid security suite is still worth it, and when it is not.",
    steps: ["Turn on tamper protection", "Enable controlled folder access", "Schedule a weekly full scan", "Keep browser extensions to a minimum"],
    code: {
      lang: "powershell",
      body: "Get-MpComputerStatus | Select-Object AMServiceEnabled, RealTimeProtectionEnabled\nUpdate-MpSignature\nStart-MpScan -ScanType QuickScan",
    },
    points: [
      "Built-in tools stop most commodity malware",
      "Paid suites add phishing filters and identity monitoring",
      "Ransomware rollback is the feature we value most",
    ],
  },
  {
    title: "Moving a WordPress Site to a New Host Without Downtime",
    kind: "Web Hosting",
    label: "GUIDE",
    tags: ["wordpress", "migration", "dns"],
    summary: "Lower the DNS TTL, copy files and database, test on a temporary domain, then switch: the migration checklist we use.",
    steps: [
      "Lower the DNS TTL to 300 seconds a day before",
      "Export the database and copy wp-content",
      "Test the copy on a temporary URL",
      "Switch the DNS records and watch the logs",
    ],
    code: {
      lang: "bash",
      body: "wp db export backup.sql\nrsync -avz wp-content/ deploy@new-host.example:/var/www/site/wp-content/\nwp search-replace 'https://old.example' 'https://new.example' --skip-columns=guid",
    },
    points: ["Plan the move for a quiet traffic hour", "Keep the old host running for a week", "Re-issue the SSL certificate after the DNS switch"],
  },
  {
    title: "eSIM vs Physical SIM: What Travellers Should Know",
    kind: "E-sim & Mobile",
    label: "TRAVEL",
    tags: ["esim", "travel", "roaming"],
    summary: "eSIMs install in minutes and save money on roaming, but not every phone supports them. Here is how to check.",
    steps: [
      "Check that your phone is unlocked and eSIM capable",
      "Buy a data pack for your destination",
      "Scan the QR code before you fly",
      "Switch data to the eSIM on arrival",
    ],
    code: {
      lang: "text",
      body: "Settings → Mobile data → Add eSIM\nAPN: internet.roam.example\nData roaming: ON (travel line only)\nPrimary line: voice and SMS only",
    },
    points: ["Keep your home number active for two-factor codes", "Regional packs are cheaper than global ones", "Hotspot use is allowed on most plans"],
  },
  {
    title: "The Real Cost of Sending Money Abroad",
    kind: "Finance",
    label: "MONEY",
    tags: ["transfers", "fees", "exchange"],
    summary: "Transfer fees are only half the story: the exchange-rate markup is often the bigger cost. We show how to calculate it.",
    steps: [
      "Look up the mid-market rate",
      "Compare the amount the recipient actually gets",
      "Check the delivery time",
      "Turn on rate alerts for large transfers",
    ],
    code: {
      lang: "python",
      body: "def real_cost(amount, fee, offered_rate, mid_rate):\n    received = (amount - fee) * offered_rate\n    ideal = amount * mid_rate\n    return round(ideal - received, 2)\n\nprint(real_cost(1000, 4.5, 0.912, 0.921))",
    },
    points: ["A 2% markup on $1,000 costs $20", "Fixed fees hurt small transfers most", "Weekend rates can be worse"],
  },
  {
    title: "Travel Insurance: What Is Actually Covered",
    kind: "Insurance",
    label: "COVER",
    tags: ["travel", "claims", "policy"],
    summary: "Medical cover, cancellations and lost luggage: we read the small print of popular policies so you know what to expect.",
    steps: ["Declare pre-existing conditions", "Check the excess for each section", "Save the emergency number in your phone", "Keep receipts for every claim"],
    code: { lang: "json", body: '{\n  "policy": "annual-multi-trip",\n  "medical": 10000000,\n  "cancellation": 5000,\n  "baggage": 2000,\n  "excess": 50\n}' },
    points: ["Adventure sports often need an add-on", "Cancellation cover starts the day you buy", "Claims need police reports for theft"],
  },
  {
    title: "Passkeys Explained: Should You Ditch Passwords?",
    kind: "Password Managers",
    label: "SECURITY",
    tags: ["passkeys", "passwords", "2fa"],
    summary: "Passkeys are phishing-resistant and easier to use. Here is how they work and how to store them in a password manager.",
    steps: [
      "Enable passkeys in your password manager",
      "Add a passkey to your email account first",
      "Keep a recovery method",
      "Remove old SMS codes where possible",
    ],
    code: {
      lang: "javascript",
      body: 'const credential = await navigator.credentials.create({\n  publicKey: {\n    challenge,\n    rp: { name: "Example" },\n    user: { id, name: "you@example.com", displayName: "You" },\n    pubKeyCredParams: [{ type: "public-key", alg: -7 }],\n  },\n});',
    },
    points: ["Passkeys cannot be phished", "They sync through your password manager", "Not every site supports them yet"],
  },
  {
    title: "How to Back Up Your Photos the 3-2-1 Way",
    kind: "Cloud Storage",
    label: "BACKUP",
    tags: ["backup", "photos", "storage"],
    summary: "Three copies, two kinds of media, one off site: a simple backup routine for the photos you cannot replace.",
    steps: [
      "Export photos from your phone weekly",
      "Keep one copy on an external drive",
      "Sync a second copy to encrypted cloud storage",
      "Test a restore every quarter",
    ],
    code: { lang: "bash", body: 'rclone sync ~/Pictures secure-cloud:photos \\\n  --exclude "*.tmp" \\\n  --transfers 8 \\\n  --progress' },
    points: ["Cloud sync is not a backup without versioning", "Encrypt before you upload", "Lifetime plans pay off after about three years"],
  },
  {
    title: "Writing Welcome Emails That Get Opened",
    kind: "Email Marketing",
    label: "GROWTH",
    tags: ["newsletters", "automation", "copywriting"],
    summary: "Your welcome email gets the highest open rate you will ever see. Here is how to make the most of it.",
    steps: ["Send it within five minutes of sign-up", "Keep one clear call to action", "Tell people what to expect next", "Test two subject lines"],
    code: {
      lang: "html",
      body: '<table role="presentation" width="100%">\n  <tr>\n    <td style="padding:24px;font-family:Arial">\n      <h1>Welcome aboard!</h1>\n      <p>Here is your 10% code: <strong>WELCOME10</strong></p>\n    </td>\n  </tr>\n</table>',
    },
    points: ["Personalise the subject line", "Plain designs often beat heavy templates", "Authenticate your domain with SPF and DKIM"],
  },
  {
    title: "Full-Fibre Broadband: Is Gigabit Worth It?",
    kind: "Telecom",
    label: "BROADBAND",
    tags: ["fibre", "broadband", "wifi"],
    summary: "Gigabit plans are getting cheaper, but most homes do not need them. Work out the speed you really need.",
    steps: ["Count the devices that stream at the same time", "Check upload speed for video calls", "Place the router centrally", "Run a wired speed test"],
    code: { lang: "bash", body: "# measure latency and throughput from a wired laptop\nping -c 20 speedtest.example\niperf3 -c speedtest.example -P 4 -t 15" },
    points: ["Upload speed matters for remote work", "Wi-Fi, not the line, is usually the bottleneck", "Check the price after the first year"],
  },
  {
    title: "Learning to Code Online: A Realistic Six-Month Plan",
    kind: "Online Learning",
    label: "CAREER",
    tags: ["coding", "courses", "career"],
    summary: "From zero to a first portfolio project in six months, with about eight hours a week and a handful of good courses.",
    steps: [
      "Month 1–2: HTML, CSS and JavaScript basics",
      "Month 3: version control and a first project",
      "Month 4–5: a framework and an API",
      "Month 6: portfolio and interviews",
    ],
    code: {
      lang: "typescript",
      body: "type Lesson = { title: string; minutes: number; done: boolean };\n\nexport function progress(lessons: Lesson[]): number {\n  const done = lessons.filter((l) => l.done).length;\n  return Math.round((done / lessons.length) * 100);\n}",
    },
    points: ["Projects teach more than videos", "Find a study partner", "Certificates help, portfolios help more"],
  },
  {
    title: "Streaming on a Budget: Rotate Instead of Stacking",
    kind: "Entertainment",
    label: "SAVE",
    tags: ["streaming", "subscriptions", "budget"],
    summary: "Subscribe to one service at a time, binge what you want, cancel and move on. We show how much it saves.",
    steps: ["List the shows you actually watch", "Pick one service per month", "Set a reminder before renewal", "Use annual plans only for the one you keep"],
    code: { lang: "yaml", body: "rotation:\n  january: streamflix\n  february: tunebox\n  march: cinemaplus\nreminder_days_before_renewal: 3" },
    points: ["Most services let you cancel any time", "Ad-supported tiers cost half", "Family plans are cheaper per person"],
  },
  {
    title: "Meal Kits vs Groceries: We Did the Maths",
    kind: "Food & Drink",
    label: "FOOD",
    tags: ["mealkits", "groceries", "cooking"],
    summary: "Meal kits cost more per portion but cut waste. We tracked four weeks of dinners to see the real difference.",
    steps: ["Track your current food waste for a week", "Compare price per portion", "Use first-box discounts wisely", "Pause deliveries when you travel"],
    code: { lang: "csv", body: "week,meal_kit_cost,grocery_cost,waste_kg\n1,62.40,48.10,1.8\n2,59.90,51.30,1.2\n3,61.20,46.80,2.1\n4,60.00,49.90,1.5" },
    points: ["Kits save around 30 minutes a night", "Food waste fell by two thirds", "Discounts end after the first month"],
  },
  {
    title: "Booking Long Stays: How Remote Workers Save",
    kind: "Accommodation",
    label: "STAYS",
    tags: ["remote", "longstay", "travel"],
    summary: "Monthly discounts, reliable Wi-Fi and flexible cancellation: what to check before you book a long stay.",
    steps: ["Filter for monthly discounts", "Ask for a Wi-Fi speed screenshot", "Read the cancellation policy twice", "Check the neighbourhood at night"],
    code: { lang: "text", body: "Checklist\n[x] Desk and chair\n[x] Wi-Fi ≥ 50 Mbps\n[ ] Washing machine\n[x] Free cancellation ≥ 7 days" },
    points: ["Monthly rates are often 40% lower", "Message hosts before booking", "Loyalty credit adds up on long stays"],
  },
  {
    title: "Buying Refurbished Tech Safely",
    kind: "Shopping",
    label: "SHOP",
    tags: ["refurbished", "electronics", "warranty"],
    summary: "Refurbished phones and laptops can save 40% or more. Here is how to avoid the bad ones.",
    steps: [
      "Buy from sellers with a 12-month warranty or longer",
      "Check the battery health guarantee",
      "Read the grading scale",
      "Test everything in the first week",
    ],
    code: {
      lang: "text",
      body: "Grade A: like new, no visible marks\nGrade B: light scratches on the body\nGrade C: visible wear, fully working\nBattery: ≥ 85% capacity guaranteed",
    },
    points: ["Grade B is usually the best value", "Check return windows", "Avoid sellers without a grading scale"],
  },
  {
    title: "Telehealth Appointments: Getting the Most From 15 Minutes",
    kind: "Health",
    label: "HEALTH",
    tags: ["telehealth", "doctors", "wellbeing"],
    summary: "Online consultations are short. A little preparation makes sure you leave with answers.",
    steps: ["Write down your symptoms and when they started", "List your medications", "Test your camera and microphone", "Ask for a written summary"],
    code: {
      lang: "markdown",
      body: "## Symptoms\n- Started: Monday morning\n- Temperature: 38.1 °C\n\n## Medication\n- None\n\n## Questions\n1. Do I need a test?",
    },
    points: ["Good light helps the doctor see you", "Have a pharmacy in mind", "Follow-ups are often free"],
  },
  {
    title: "Hiring a Freelancer for the First Time",
    kind: "Services",
    label: "HIRE",
    tags: ["freelance", "hiring", "projects"],
    summary: "Write a clear brief, agree on milestones and pay through escrow: a short guide to your first freelance project.",
    steps: ["Write a one-page brief", "Shortlist three profiles with relevant work", "Agree milestones and deliverables", "Release payment per milestone"],
    code: {
      lang: "json",
      body: '{\n  "project": "Landing page redesign",\n  "budget": 1200,\n  "milestones": [\n    { "name": "Wireframes", "due": "2026-03-10" },\n    { "name": "Final design", "due": "2026-03-24" }\n  ]\n}',
    },
    points: ["Escrow protects both sides", "A paid test task saves time", "Agree on revisions up front"],
  },
  {
    title: "Gift Ideas That Are Experiences, Not Things",
    kind: "Lifestyle",
    label: "GIFTS",
    tags: ["gifts", "experiences", "ideas"],
    summary: "Cooking classes, spa days and weekend breaks: experience gifts people actually remember.",
    steps: ["Pick something they would not book themselves", "Check the voucher validity", "Prefer flexible dates", "Add a small physical token"],
    code: { lang: "text", body: "Budget  | Idea\n$50     | Pottery class\n$120    | Spa afternoon for two\n$300    | Weekend cabin break" },
    points: ["Vouchers often last 12 months", "Flexible dates avoid waste", "Group experiences split the cost"],
  },
  {
    title: "Public Wi-Fi Safety Checklist",
    kind: "VPN",
    label: "CHECKLIST",
    tags: ["wifi", "travel", "privacy"],
    summary: "Airports, hotels and cafés: a short checklist to stay safe on networks you do not control.",
    steps: [
      "Turn off auto-join for open networks",
      "Connect your VPN before opening apps",
      "Prefer your phone hotspot for banking",
      "Forget the network when you leave",
    ],
    code: { lang: "bash", body: '# macOS: stop auto-joining a network\nnetworksetup -removepreferredwirelessnetwork en0 "Airport_Free_WiFi"' },
    points: ["HTTPS protects content, not metadata", "Fake hotspots are common in airports", "A kill switch stops leaks on reconnect"],
  },
  {
    title: "Choosing Between Shared, VPS and Managed Hosting",
    kind: "Web Hosting",
    label: "COMPARE",
    tags: ["vps", "shared", "managed"],
    summary: "Shared hosting is cheap, a VPS is flexible and managed hosting saves time. Which one fits your project?",
    steps: ["Estimate monthly visitors", "Decide who will patch the server", "Check backup and restore options", "Plan for traffic spikes"],
    code: {
      lang: "nginx",
      body: "server {\n    listen 443 ssl http2;\n    server_name shop.example;\n    root /var/www/shop/public;\n    location / {\n        try_files $uri $uri/ /index.php?$query_string;\n    }\n}",
    },
    points: ["Shared plans are fine below 20,000 visits a month", "A VPS needs someone to maintain it", "Managed plans include staging and backups"],
  },
  {
    title: "Protecting Your Identity After a Data Breach",
    kind: "Antivirus",
    label: "ALERT",
    tags: ["breach", "identity", "fraud"],
    summary: "Your email showed up in a breach. Here is what to change first and which alerts to turn on.",
    steps: [
      "Change the breached password everywhere it was reused",
      "Turn on two-factor authentication",
      "Freeze your credit if card data leaked",
      "Watch for phishing emails",
    ],
    code: { lang: "bash", body: "# check a password hash prefix against a breach list (k-anonymity)\nprintf 'correct horse' | sha1sum | cut -c1-5" },
    points: ["Reused passwords are the real danger", "Breach monitoring is included in many suites", "Phishing spikes after big breaches"],
  },
  {
    title: "Budgeting Apps: Automate Your Savings",
    kind: "Finance",
    label: "BUDGET",
    tags: ["budgeting", "savings", "apps"],
    summary: "Round-ups, savings vaults and spending categories: small automations that add up over a year.",
    steps: ["Connect your main account", "Set a monthly budget per category", "Turn on round-ups", "Review subscriptions every quarter"],
    code: {
      lang: "python",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Python source of a sample code block: ${balance:,.2f} is a Python f-string field
      body: 'monthly = 150\nrate = 0.04 / 12\nbalance = 0\nfor month in range(12):\n    balance = balance * (1 + rate) + monthly\nprint(f"After a year: ${balance:,.2f}")',
    },
    points: ["Automation beats willpower", "Cancel unused subscriptions", "Separate vaults for separate goals"],
  },
  {
    title: "Dual SIM Tricks for Frequent Flyers",
    kind: "E-sim & Mobile",
    label: "TIPS",
    tags: ["dualsim", "travel", "esim"],
    summary: "Use one line for calls and one for data: how to set up dual SIM so you never pay roaming again.",
    steps: [
      "Label your lines clearly",
      "Set the default data line per trip",
      "Disable roaming on the home line",
      "Keep iMessage or WhatsApp on the home number",
    ],
    code: { lang: "text", body: "Line 1 (Home):   Voice ✔  SMS ✔  Data ✘  Roaming ✘\nLine 2 (Travel): Voice ✘  SMS ✘  Data ✔  Roaming ✔" },
    points: ["Most phones since 2019 support eSIM", "Two-factor codes still arrive on the home line", "Delete old eSIMs to free slots"],
  },
  {
    title: "Gadget Insurance: When It Pays Off",
    kind: "Insurance",
    label: "GADGETS",
    tags: ["gadgets", "phones", "claims"],
    summary: "Phone insurance can be worth it for expensive devices, but check the excess and the claim limits first.",
    steps: [
      "Compare the excess with a repair quote",
      "Check how many claims per year are allowed",
      "Look for theft and loss cover",
      "Read how devices are replaced",
    ],
    code: { lang: "json", body: '{\n  "device": "phone",\n  "value": 999,\n  "monthly": 8.99,\n  "excess": 75,\n  "claims_per_year": 2\n}' },
    points: ["Screen repairs are the most common claim", "Home insurance may already cover gadgets", "Replacements may be refurbished"],
  },
  {
    title: "Two-Factor Authentication: Which Method Is Best?",
    kind: "Password Managers",
    label: "2FA",
    tags: ["2fa", "security", "accounts"],
    summary: "SMS codes, authenticator apps, hardware keys and passkeys ranked from weakest to strongest.",
    steps: ["Replace SMS codes with an authenticator app", "Save backup codes in your vault", "Add a hardware key to your email", "Review trusted devices"],
    code: {
      lang: "python",
      body: "import hmac, hashlib, struct, time\n\ndef totp(secret: bytes, step: int = 30) -> str:\n    counter = struct.pack('>Q', int(time.time()) // step)\n    digest = hmac.new(secret, counter, hashlib.sha1).digest()\n    offset = digest[-1] & 0x0F\n    code = struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF\n    return str(code % 1_000_000).zfill(6)",
    },
    points: ["SMS is better than nothing", "Hardware keys stop phishing", "Keep backup codes offline too"],
  },
];

const EDITIONS = ["2026 Update", "Reader Questions Answered", "Field Notes", "Quick Guide", "Mistakes to Avoid", "Expert Tips"];

const CURRENCY_NAMES = /** @type {Record<string, string>} */ ({ USD: "US dollars", EUR: "euros", GBP: "pounds sterling" });

/**
 * How an advertorial's summary names the currency of its products' prices: the one currency
 * they share, else each provider's own (issue 51: "US dollars" over a list of £ and € prices).
 * @param {ProductSeed[]} products
 */
function pricesIn(products) {
  const currencies = [...new Set(products.map((p) => p.price_currency).filter(Boolean))];
  const [only] = currencies;
  return currencies.length === 1 && only ? `in ${CURRENCY_NAMES[only] ?? only}` : "in each provider's own currency";
}

/**
 * The base title for round 0, a suffixed variant for the extra rounds of --scale.
 * @param {string} base @param {number} round
 */
function editionTitle(base, round) {
  if (round === 0) return base;
  const edition = at(EDITIONS, (round - 1) % EDITIONS.length);
  const lap = Math.floor((round - 1) / EDITIONS.length);
  return `${base}: ${edition}${lap > 0 ? ` ${lap + 1}` : ""}`;
}

/**
 * @param {ArticleTopic} topic @param {Kind} kind @param {StoreSeed} store @param {string} host @param {Rng} rng
 */
function articleMarkdown(topic, kind, store, host, rng) {
  const minutes = rng.int(5, 12);
  const lines = [
    `${topic.summary} This guide takes about **${minutes} minutes** to read and is based on our own testing.`,
    "",
    `## Why it matters`,
    "",
    `Most people only think about ${topicOf(kind)} when something goes wrong. A little preparation saves money and time, and it means you can compare providers calmly instead of in a hurry.`,
    "",
    ...topic.points.map((p) => `- ${p}`),
    "",
    `## Step by step`,
    "",
    ...topic.steps.map((s, n) => `${n + 1}. ${s}`),
    "",
    `### Example`,
    "",
    `\`\`\`${topic.code.lang}`,
    topic.code.body,
    "```",
    "",
    `### What we recommend`,
    "",
    `In our tests [${store.title}](https://${host}/) ${kind.blurb}. It is not the only good option: see all [${kind.title} stores](/stores) and our [comparisons](/comparisions) before you decide.`,
    "",
    `> **Tip:** prices change often. Check the current coupon codes on the store page before you buy.`,
    "",
    `## The bottom line`,
    "",
    `${capitalize(at(topic.points, 0))}. Start with the first step today and come back to the rest when you have time. If you have questions, [write to us](/contact-us).`,
  ];
  return lines.join("\n");
}
