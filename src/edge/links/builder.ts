import { type Context, Hono } from "hono";
import { COLLECTIONS } from "../../data/collections";
import { liveFilter } from "../../data/live-offers";
import { storePath } from "../../lib/slug";
import {
  type BuilderChoices,
  EMPTY_LINK_FORM,
  type FormErrors,
  type LinkFormValues,
  type LinkRow,
  linkBody,
  linkFormOf,
  linkFormValues,
  NO_FIGURES,
  parseLinksQuery,
  selectLinkRows,
  type ShortLinkRecord,
} from "../../lib/short-links";
import { renderAdminMessage, renderLink, renderLinks } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { requireSession } from "../admin/session";
import { limitBody } from "../middleware/body-limit";
import { fromThisSite } from "../posts/visitor-post";
import { deleteLink, getLink, linksFigures, type LinksFigures, listLinks, saveLink, type Signed } from "./marketer-links";
import { qrPng, qrSvg } from "./qr-image";

/**
 * The marketers' link builder (/admin/links, docs/links.md): the list with its figures, a
 * new link, a link's page (its address, QR code, changes, deletion) and its QR code as SVG
 * and PNG. Marketers only (requireSession); every read and write is PocketBase's, made with
 * the marketer's own token, so PocketBase's rules and checks decide (pb_hooks/short_links.pb.js).
 * Forms are posted from the site's own pages only.
 */

export const linkBuilder = new Hono<AppEnv>();

const LINK_FORM_MAX_BODY_BYTES = 8 * 1024;
const PB_ID = /^[a-z0-9]{15}$/;
/** Choices in the builder's lists: the live offers and stores, a page of each at most. */
const CHOICES_PER_LIST = 500;

linkBuilder.use("/admin/links", requireSession(["marketers"]));
linkBuilder.use("/admin/links/*", requireSession(["marketers"]));

function message(c: Context<AppEnv>, title: string, text: string, status: number): Promise<Response> {
  return renderAdminMessage({ title, message: text, nonce: c.var.cspNonce }, status);
}

const signedOut = (c: Context<AppEnv>) => message(c, "Signed out", "Your session has ended. Please sign in again.", 401);
const unavailable = (c: Context<AppEnv>) =>
  message(c, "Links unavailable", "The links cannot be read or saved just now: PocketBase does not answer. Please try again in a minute.", 503);

/** Runs a step that reads or writes PocketBase; its "signed out" or failure becomes the page to answer. */
async function step<T>(c: Context<AppEnv>, run: () => Promise<Signed<T>>): Promise<{ value: T } | { page: Response }> {
  try {
    const value = await run();
    return value === "signed out" ? { page: await signedOut(c) } : { value };
  } catch (err) {
    console.error("link builder", err);
    return { page: await unavailable(c) };
  }
}

/** The builder's choices: the site's main pages and stores, the live offers (content reads, edge-cached), and the values in use. */
async function builderChoices(c: Context<AppEnv>, suggestions: LinksFigures["suggestions"]): Promise<BuilderChoices & { offerLabels: Map<string, string> }> {
  const read = async <T>(collection: string, params: Record<string, string>): Promise<T[]> => {
    const query = new URLSearchParams({ perPage: String(CHOICES_PER_LIST), skipTotal: "1", ...params });
    const response = await c.var.origin.read(`/api/collections/${collection}/records?${query}`);
    return response.ok ? ((await response.json()) as { items: T[] }).items : [];
  };
  const [stores, offers] = await Promise.all([
    read<{ id: string; title: string }>(COLLECTIONS.stores, { fields: "id,title", sort: "title" }),
    read<{ id: string; heading: string; expand?: { store?: { title?: string } } }>(COLLECTIONS.offers, {
      fields: "id,heading,expand.store.title",
      expand: "store",
      filter: liveFilter(),
      sort: "store.title,heading",
    }),
  ]);
  const offerChoices = offers.map((offer) => ({ id: offer.id, label: `${offer.expand?.store?.title ?? "?"}: ${offer.heading}` }));
  const pages = [
    { path: "/", label: "Homepage" },
    { path: "/stores", label: "All stores" },
    { path: "/offers", label: "Today's offers" },
    { path: "/blog", label: "Blog" },
    ...stores.map((store) => ({ path: storePath(store), label: store.title })),
  ];
  return { pages, offers: offerChoices, suggestions, offerLabels: new Map(offerChoices.map((offer) => [offer.id, offer.label])) };
}

/** The list page, with the builder's form as posted (and its errors) or empty. */
async function listPage(c: Context<AppEnv>, form: { values: LinkFormValues; errors: FormErrors }, status: number): Promise<Response> {
  const parsed = parseLinksQuery(new URL(c.req.url).searchParams, Date.now());
  if (!parsed.ok) return message(c, "That list cannot be shown", parsed.message, 400);
  const { config, session } = c.var;
  const read = await step(c, async () => {
    const [links, figures] = await Promise.all([listLinks(config, session.token), linksFigures(config, session.token, parsed.query.from, parsed.query.to)]);
    return links === "signed out" || figures === "signed out" ? "signed out" : { links, figures };
  });
  if ("page" in read) return read.page;
  const { links, figures } = read.value;
  const choices = await builderChoices(c, figures.suggestions);
  const rows: LinkRow[] = links.map((link) => ({ link, figures: figures.links[link.id] ?? NO_FIGURES, offerLabel: choices.offerLabels.get(link.offer) ?? "" }));
  return renderLinks(
    {
      rows: selectLinkRows(rows, parsed.query, figures.currencies),
      query: parsed.query,
      currencies: figures.currencies,
      viewer: figures.viewer,
      form,
      choices,
      now: Date.now(),
      nonce: c.var.cspNonce,
    },
    status,
  );
}

const DETAIL_DAYS = 7;

/** A link's page, with the form as stored or as posted (and its errors). */
async function linkPage(c: Context<AppEnv>, link: ShortLinkRecord, form: { values: LinkFormValues; errors: FormErrors }, status: number): Promise<Response> {
  const { config, session } = c.var;
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (DETAIL_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const read = await step(c, () => linksFigures(config, session.token, from, to));
  if ("page" in read) return read.page;
  return renderLink(
    {
      link,
      shortUrl: `${config.siteOrigin}/l/${link.slug}`,
      figures: read.value.links[link.id] ?? NO_FIGURES,
      days: `Last ${DETAIL_DAYS} days`,
      viewer: read.value.viewer,
      form,
      choices: await builderChoices(c, read.value.suggestions),
      saved: c.req.query("saved") === "1",
      nonce: c.var.cspNonce,
    },
    status,
  );
}

/** The posted form, from this site's pages only; null for a post from anywhere else. */
async function postedForm(c: Context<AppEnv>): Promise<LinkFormValues | null> {
  if (!fromThisSite(c, "required")) return null;
  return linkFormValues(await c.req.parseBody().catch(() => ({}) as Record<string, unknown>));
}

const notFromHere = (c: Context<AppEnv>) => c.text("Links are changed from the site's own pages: posts from other sites are not accepted.", 403);
const noSuchLink = (c: Context<AppEnv>) => message(c, "Not found", "There is no such link (it may have been deleted).", 404);

/** The link an address names, as the marketer reads it; or the page to answer instead. */
async function linkOf(c: Context<AppEnv>): Promise<{ link: ShortLinkRecord } | { page: Response }> {
  const id = c.req.param("id") ?? "";
  if (!PB_ID.test(id)) return { page: await noSuchLink(c) };
  const read = await step(c, () => getLink(c.var.config, c.var.session.token, id));
  if ("page" in read) return read;
  return read.value ? { link: read.value } : { page: await noSuchLink(c) };
}

linkBuilder.get("/admin/links", (c) => listPage(c, { values: EMPTY_LINK_FORM, errors: {} }, 200));

linkBuilder.post("/admin/links", limitBody(LINK_FORM_MAX_BODY_BYTES), async (c) => {
  const values = await postedForm(c);
  if (!values) return notFromHere(c);
  const origins = [c.var.config.siteOrigin, new URL(c.req.url).origin];
  const made = linkBody(values, origins, true);
  if ("errors" in made) return listPage(c, { values, errors: made.errors }, 400);
  const saved = await step(c, () => saveLink(c.var.config, c.var.session.token, null, made.body));
  if ("page" in saved) return saved.page;
  if ("errors" in saved.value) return listPage(c, { values, errors: saved.value.errors }, 400);
  return c.redirect(`/admin/links/${saved.value.link.id}?saved=1`, 303);
});

linkBuilder.get("/admin/links/:id", async (c) => {
  const found = await linkOf(c);
  return "page" in found ? found.page : linkPage(c, found.link, { values: linkFormOf(found.link), errors: {} }, 200);
});

linkBuilder.post("/admin/links/:id", limitBody(LINK_FORM_MAX_BODY_BYTES), async (c) => {
  const values = await postedForm(c);
  if (!values) return notFromHere(c);
  const found = await linkOf(c);
  if ("page" in found) return found.page;
  const made = linkBody(values, [c.var.config.siteOrigin, new URL(c.req.url).origin], false);
  if ("errors" in made) return linkPage(c, found.link, { values: { ...values, slug: found.link.slug }, errors: made.errors }, 400);
  const saved = await step(c, () => saveLink(c.var.config, c.var.session.token, found.link.id, made.body));
  if ("page" in saved) return saved.page;
  if ("errors" in saved.value) return linkPage(c, found.link, { values: { ...values, slug: found.link.slug }, errors: saved.value.errors }, 400);
  return c.redirect(`/admin/links/${found.link.id}?saved=1`, 303);
});

linkBuilder.post("/admin/links/:id/delete", limitBody(LINK_FORM_MAX_BODY_BYTES), async (c) => {
  if (!fromThisSite(c, "required")) return notFromHere(c);
  const id = c.req.param("id");
  if (!PB_ID.test(id)) return noSuchLink(c);
  const deleted = await step(c, () => deleteLink(c.var.config, c.var.session.token, id));
  if ("page" in deleted) return deleted.page;
  return deleted.value ? c.redirect("/admin/links", 303) : noSuchLink(c);
});

/** The QR code of a link's short address, as a download. */
function qrCode(format: "svg" | "png") {
  return async (c: Context<AppEnv>) => {
    const found = await linkOf(c);
    if ("page" in found) return found.page;
    const shortUrl = `${c.var.config.siteOrigin}/l/${found.link.slug}`;
    c.header("Content-Disposition", `attachment; filename="dealpilot-${found.link.slug}.${format}"`);
    if (format === "svg") return c.body(qrSvg(shortUrl), 200, { "Content-Type": "image/svg+xml; charset=utf-8" });
    return c.body(await qrPng(shortUrl), 200, { "Content-Type": "image/png" });
  };
}

linkBuilder.get("/admin/links/:id/qr.svg", qrCode("svg"));
linkBuilder.get("/admin/links/:id/qr.png", qrCode("png"));
