import { LOGO_PATH } from "../../lib/brand";
import { storePath } from "../../lib/slug";
import type { AlertOffer, StoreRef, SubscriberView } from "./mail-origin";

/**
 * The emails (docs/email.md): HTML and plain text, one column that fits 390 px, colours for
 * light and dark clients, the logo with its alt text. Every link goes to the site with
 * utm_source=email, utm_medium=alert|digest and the send's campaign, so the marketers' report
 * credits email with what its readers do next (the tracking cookie follows them to /goto).
 * Alerts and digests carry RFC 8058 one-click unsubscribe headers, a visible unsubscribe
 * link, a link to their preferences and the publisher's postal address.
 */

export interface MailSite {
  siteOrigin: string;
  siteName: string;
  postalAddress: string;
}
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}
/** A recipient's own links, signed for them (tokens.ts). */
export interface RecipientLinks {
  unsubscribe: string;
  manage: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (CR and LF above all) never reach a header or a line of ours
const LINE_BREAKING = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** Text from the content for a subject or a line: no control characters (no header or line can be injected), trimmed, at most `max`. */
export function plainLine(value: string, max = 200): string {
  const line = value.replace(LINE_BREAKING, " ").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function withUtm(url: string, medium: "alert" | "digest", campaign: string): string {
  const target = new URL(url);
  target.searchParams.set("utm_source", "email");
  target.searchParams.set("utm_medium", medium);
  target.searchParams.set("utm_campaign", campaign);
  return target.href;
}

const STYLE = `
body{margin:0;padding:0;background:#f3f4f6;color:#111827}
.wrap{background:#f3f4f6}
.card{max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px}
.muted{color:#4b5563}
a{color:#0b57d0}
.button{display:inline-block;background:#0b57d0;color:#ffffff !important;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600}
.offer{border-top:1px solid #e5e7eb;padding:16px 0}
@media (prefers-color-scheme: dark){
body,.wrap{background:#111827 !important;color:#f9fafb !important}
.card{background:#1f2937 !important}
.muted{color:#d1d5db !important}
a{color:#8ab4f8 !important}
.button{background:#8ab4f8 !important;color:#111827 !important}
.offer{border-top-color:#374151 !important}
}`;

function layout(site: MailSite, title: string, inner: string, footer: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="wrap" style="padding:16px 8px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;font-size:16px;line-height:1.5"><div class="card"><p style="margin:0 0 16px"><img src="${escapeHtml(site.siteOrigin + LOGO_PATH)}" alt="${escapeHtml(site.siteName)}" width="40" height="40" style="display:block;border:0;border-radius:8px"></p>${inner}<div class="muted" style="font-size:13px;margin-top:24px;border-top:1px solid #e5e7eb;padding-top:16px">${footer}</div></div></div></body></html>`;
}

/** What a list's footer says: why they get it, their links, the postal address. */
function listFooter(site: MailSite, why: string, links: RecipientLinks): { html: string; text: string } {
  return {
    html: `<p style="margin:0 0 8px">${escapeHtml(why)}</p><p style="margin:0 0 8px"><a href="${escapeHtml(links.manage)}">Manage your emails</a> · <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p><p style="margin:0">${escapeHtml(site.postalAddress)}</p>`,
    text: `${why}\nManage your emails: ${links.manage}\nUnsubscribe: ${links.unsubscribe}\n${site.postalAddress}`,
  };
}

/** The headers of a list message: RFC 8058 one-click unsubscribe (RFC 2369 List-Unsubscribe with an https URI and List-Unsubscribe-Post), and its List-Id. */
function listHeaders(site: MailSite, list: "alerts" | "digest", links: RecipientLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": `${site.siteName} ${list} <${list}.${new URL(site.siteOrigin).hostname}>`,
  };
}

function storeUrl(site: MailSite, store: StoreRef): string {
  return new URL(storePath(store), site.siteOrigin).href;
}

/** The confirmation email: what they asked for and the link that confirms it; no offers. */
export function confirmationMail(site: MailSite, subscriber: SubscriberView, confirmUrl: string): RenderedMail {
  const asked = [
    ...(subscriber.pending.digest ? [`the ${site.siteName} weekly digest of the best new deals`] : []),
    ...subscriber.pending.stores.map((store) => `alerts when ${plainLine(store.title, 100)} has new codes`),
  ];
  const subject = `Confirm your ${site.siteName} emails`;
  const html = layout(
    site,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Please confirm</h1><p>Someone, we hope you, asked us to send this address:</p><ul>${asked
      .map((item) => `<li>${escapeHtml(item)}</li>`)
      .join(
        "",
      )}</ul><p>Nothing is sent until you confirm. The link works for 7 days.</p><p style="margin:24px 0"><a class="button" href="${escapeHtml(confirmUrl)}">Confirm my emails</a></p><p class="muted" style="font-size:14px;overflow-wrap:anywhere">If the button does not work, open this address: ${escapeHtml(confirmUrl)}</p>`,
    `<p style="margin:0 0 8px">Not you? Ignore this email: without a confirmation we send nothing, and we delete the address after 30 days.</p><p style="margin:0">${escapeHtml(site.postalAddress)}</p>`,
  );
  const text = `Please confirm\n\nSomeone, we hope you, asked us to send this address:\n${asked.map((item) => `- ${item}`).join("\n")}\n\nNothing is sent until you confirm. The link works for 7 days:\n${confirmUrl}\n\nNot you? Ignore this email: without a confirmation we send nothing, and we delete the address after 30 days.\n${site.postalAddress}\n`;
  return { subject, html, text };
}

function offerLabel(offer: { type: string }): string {
  return offer.type === "coupon" ? "Coupon code" : "Deal";
}

/** One offer of a list: its store, heading and subheading, and a link to the store's page. */
function offerBlock(offer: AlertOffer, href: string): { html: string; text: string } {
  const heading = plainLine(offer.heading, 150);
  const sub = plainLine(offer.subheading ?? "", 200);
  const store = plainLine(offer.store_title, 100);
  return {
    html: `<div class="offer"><p class="muted" style="margin:0;font-size:13px">${escapeHtml(store)} · ${offerLabel(offer)}</p><p style="margin:4px 0;font-size:18px;font-weight:600">${escapeHtml(heading)}</p>${sub ? `<p style="margin:0 0 8px">${escapeHtml(sub)}</p>` : ""}<p style="margin:8px 0 0"><a href="${escapeHtml(href)}">${offer.type === "coupon" ? "Get the code" : "See the deal"} at ${escapeHtml(store)}</a></p></div>`,
    text: `${store} · ${offerLabel(offer)}\n${heading}${sub ? `\n${sub}` : ""}\n${href}`,
  };
}

/** A store alert: the new offers of the stores they follow, in one email. */
export function alertMail(site: MailSite, offers: AlertOffer[], campaign: string, links: RecipientLinks): RenderedMail {
  const stores = [...new Set(offers.map((offer) => plainLine(offer.store_title, 100)))];
  const subject = plainLine(
    stores.length === 1
      ? `New at ${stores[0]}: ${offers.length === 1 ? plainLine(offers[0]?.heading ?? "", 120) : `${offers.length} new offers`}`
      : `New codes at ${stores[0]} and ${stores.length - 1} more ${stores.length === 2 ? "store" : "stores"}`,
    200,
  );
  const blocks = offers.map((offer) => offerBlock(offer, withUtm(storeUrl(site, { id: offer.store, title: offer.store_title }), "alert", campaign)));
  const footer = listFooter(site, `You asked ${site.siteName} for alerts from ${stores.join(", ")}. At most one alert every 4 hours.`, links);
  const html = layout(
    site,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">New at ${escapeHtml(stores.join(", "))}</h1>${blocks.map((b) => b.html).join("")}`,
    footer.html,
  );
  const text = `New at ${stores.join(", ")}\n\n${blocks.map((b) => b.text).join("\n\n")}\n\n--\n${footer.text}\n`;
  return { subject, html, text, headers: listHeaders(site, "alerts", links) };
}

/** Placeholders of a digest rendered once for many recipients, each replaced by their own links. */
const UNSUBSCRIBE_SLOT = "\u0001unsubscribe\u0001";
const MANAGE_SLOT = "\u0001manage\u0001";

/** A digest of `offers`, rendered once for every recipient of one variant; `forRecipient` fills in their links. */
export function digestMail(
  site: MailSite,
  frequency: "weekly" | "daily",
  offers: AlertOffer[],
  campaign: string,
): { forRecipient: (links: RecipientLinks) => RenderedMail } {
  const subject = frequency === "weekly" ? "This week's best new deals" : "Today's best new deals";
  const blocks = offers.map((offer) => offerBlock(offer, withUtm(storeUrl(site, { id: offer.store, title: offer.store_title }), "digest", campaign)));
  const footer = listFooter(site, `You asked for the ${site.siteName} ${frequency} digest.`, { unsubscribe: UNSUBSCRIBE_SLOT, manage: MANAGE_SLOT });
  const html = layout(
    site,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(subject)}</h1>${blocks.map((b) => b.html).join("")}`,
    footer.html,
  );
  const text = `${subject}\n\n${blocks.map((b) => b.text).join("\n\n")}\n\n--\n${footer.text}\n`;
  const fill = (template: string, links: RecipientLinks, encode: (v: string) => string) =>
    template.replaceAll(encode(UNSUBSCRIBE_SLOT), encode(links.unsubscribe)).replaceAll(encode(MANAGE_SLOT), encode(links.manage));
  return {
    forRecipient: (links) => ({
      subject,
      html: fill(html, links, escapeHtml),
      text: fill(text, links, (v) => v),
      headers: listHeaders(site, "digest", links),
    }),
  };
}
