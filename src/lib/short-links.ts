/**
 * The marketers' link builder (/admin/links, docs/links.md): its list's query, the form's
 * values and what PocketBase is sent for them, and the list's search and order. The rules a
 * link must meet are PocketBase's (pb_hooks/short-links.js, rules.js); nothing here repeats them.
 */

import { parseReportQuery } from "./report";
import { SHORT_LINK } from "./rules";

export type LinkValueName = (typeof SHORT_LINK.values)[number];
export const LINK_VALUES: readonly LinkValueName[] = SHORT_LINK.values;

/** What each campaign value is called on the form. */
export const VALUE_LABELS: Record<LinkValueName, string> = {
  utm_source: "Source",
  utm_medium: "Medium",
  utm_campaign: "Campaign",
  utm_term: "Term",
  utm_content: "Content",
};

export type ShortLinkRecord = Record<LinkValueName, string> & {
  id: string;
  slug: string;
  destination: string;
  offer: string;
  paused: boolean;
  /** PocketBase's date ("2026-12-01 10:00:00.000Z"); "" for none. */
  expires_at: string;
  created_by: string;
  create_time: string;
};

export interface LinkFigures {
  visits: number;
  unique_visits: number;
  clicks: number;
  unique_clicks: number;
  conversions: number;
  approved: number;
  revenue: Record<string, number>;
}

export const NO_FIGURES: LinkFigures = { visits: 0, unique_visits: 0, clicks: 0, unique_clicks: 0, conversions: 0, approved: 0, revenue: {} };

export const LINK_SORTS = ["created", "slug", "visits", "clicks", "conversions", "revenue"] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

export interface LinksQuery {
  from: string;
  to: string;
  /** Words every shown link has in its slug, destination, offer or values (any case). */
  q: string;
  sort: LinkSort;
  dir: "asc" | "desc";
  page: number;
}

export const LINKS_PER_PAGE = 50;

export type LinksQueryParse = { ok: true; query: LinksQuery } | { ok: false; message: string };

/** The list's query; the range as the report reads it (the last 7 UTC days by default), newest links first. */
export function parseLinksQuery(params: URLSearchParams, now: number): LinksQueryParse {
  const range = parseReportQuery(new URLSearchParams({ from: params.get("from") ?? "", to: params.get("to") ?? "" }), now);
  if (!range.ok) return range;
  const sort = params.get("sort") || "created";
  if (!(LINK_SORTS as readonly string[]).includes(sort)) return { ok: false, message: `sort must be one of ${LINK_SORTS.join(", ")}.` };
  const dir = params.get("dir") || (sort === "slug" ? "asc" : "desc");
  if (dir !== "asc" && dir !== "desc") return { ok: false, message: "dir must be asc or desc." };
  const page = Number(params.get("page") || "1");
  if (!Number.isInteger(page) || page < 1 || page > 10_000) return { ok: false, message: "page must be a whole number from 1." };
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return { ok: true, query: { from: range.query.from, to: range.query.to, q, sort: sort as LinkSort, dir, page } };
}

/** The list's address for a query, with some of it changed. */
export function linksHref(query: LinksQuery, change: Partial<LinksQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ from: next.from, to: next.to });
  if (next.q) params.set("q", next.q);
  params.set("sort", next.sort);
  params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  return `/admin/links?${params}`;
}

/** A link in the list: the record, its figures and the name of its offer. */
export interface LinkRow {
  link: ShortLinkRecord;
  figures: LinkFigures;
  /** The offer's heading and store, for a link to an offer; "" otherwise. */
  offerLabel: string;
}

/** Revenue compared currency by currency, in the order of `currencies`. */
function compareRevenue(a: LinkFigures, b: LinkFigures, currencies: readonly string[]): number {
  for (const currency of currencies) {
    const difference = (a.revenue[currency] ?? 0) - (b.revenue[currency] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The rows the query finds, in its order (ties: newest first). */
export function selectLinkRows(rows: readonly LinkRow[], query: LinksQuery, currencies: readonly string[]): LinkRow[] {
  const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  const found = rows.filter(({ link, offerLabel }) => {
    const text = [link.slug, link.destination, offerLabel, ...LINK_VALUES.map((name) => link[name])].join(" ").toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const by: Record<LinkSort, (a: LinkRow, b: LinkRow) => number> = {
    created: (a, b) => (a.link.create_time < b.link.create_time ? -1 : a.link.create_time > b.link.create_time ? 1 : 0),
    slug: (a, b) => a.link.slug.toLowerCase().localeCompare(b.link.slug.toLowerCase()),
    visits: (a, b) => a.figures.visits - b.figures.visits,
    clicks: (a, b) => a.figures.clicks - b.figures.clicks,
    conversions: (a, b) => a.figures.conversions - b.figures.conversions,
    revenue: (a, b) => compareRevenue(a.figures, b.figures, currencies),
  };
  const sign = query.dir === "asc" ? 1 : -1;
  return found.sort((a, b) => sign * by[query.sort](a, b) || by.created(b, a));
}

/** What the builder's form holds (the names of its fields). */
export interface LinkFormValues extends Record<LinkValueName, string> {
  /** A page of this site, or an offer's partner link. */
  target: "page" | "offer";
  slug: string;
  path: string;
  offer: string;
  paused: boolean;
  /** `datetime-local` text, a UTC time ("2026-12-01T10:00"); "" for none. */
  expires: string;
}

export const EMPTY_LINK_FORM: LinkFormValues = {
  target: "page",
  slug: "",
  path: "",
  offer: "",
  paused: false,
  expires: "",
  utm_source: "",
  utm_medium: "",
  utm_campaign: "",
  utm_term: "",
  utm_content: "",
};

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** A posted form's values. */
export function linkFormValues(form: Record<string, unknown>): LinkFormValues {
  const values: LinkFormValues = {
    ...EMPTY_LINK_FORM,
    target: form.target === "offer" ? "offer" : "page",
    slug: text(form.slug, 100),
    path: text(form.path, 2100),
    offer: text(form.offer, 15),
    paused: form.paused === "on",
    expires: text(form.expires, 30),
  };
  for (const name of LINK_VALUES) values[name] = text(form[name], 300);
  return values;
}

/** A stored link as the form shows it. */
export function linkFormOf(link: ShortLinkRecord): LinkFormValues {
  const values: LinkFormValues = {
    ...EMPTY_LINK_FORM,
    target: link.offer ? "offer" : "page",
    slug: link.slug,
    path: link.offer ? "" : link.destination,
    offer: link.offer,
    paused: link.paused,
    expires: link.expires_at ? link.expires_at.slice(0, 16).replace(" ", "T") : "",
  };
  for (const name of LINK_VALUES) values[name] = link[name] ?? "";
  return values;
}

/** What the builder offers to pick from: pages of the site, live offers, and the campaign values in use. */
export interface BuilderChoices {
  pages: Array<{ path: string; label: string }>;
  offers: Array<{ id: string; label: string }>;
  suggestions: Record<LinkValueName, string[]>;
}

/** Field errors the form itself finds (PocketBase finds the rest). */
export type FormErrors = Record<string, string>;

/**
 * What PocketBase is sent for the form: the destination is the page's path (an address of
 * this site pasted whole counts as its path) or the offer's id; the slug only for a new link.
 */
export function linkBody(values: LinkFormValues, siteOrigins: readonly string[], isNew: boolean): { body: Record<string, unknown> } | { errors: FormErrors } {
  let destination = values.target === "offer" ? values.offer : values.path;
  for (const origin of siteOrigins) if (destination.startsWith(`${origin}/`)) destination = destination.slice(origin.length);
  if (!destination)
    return { errors: values.target === "offer" ? { offer: "Choose the offer." } : { destination: "Enter the page's address, such as /stores." } };
  let expires = "";
  if (values.expires) {
    const at = Date.parse(`${values.expires}:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.expires) || Number.isNaN(at)) return { errors: { expires_at: "Enter the end as a date and time." } };
    expires = new Date(at).toISOString().replace("T", " ");
  }
  const body: Record<string, unknown> = {
    destination,
    offer: values.target === "offer" ? values.offer : "",
    paused: values.paused,
    expires_at: expires,
  };
  for (const name of LINK_VALUES) body[name] = values[name];
  if (isNew) body.slug = values.slug;
  return { body };
}
