import type { Context } from "hono";
import { html } from "hono/html";
import { DIGEST_CHOICES } from "../../lib/rules";
import type { AppEnv } from "../app-env";
import { page, type Html } from "../pages/plain-page";
import { VISITOR_POST_TIMEOUT_MS } from "../posts/visitor-post";
import type { MailOrigin, SubscriberView } from "./mail-origin";
import { configuredMailOrigin, SITE_NAME } from "./send";
import { readToken, signToken, type TokenClaims, type TokenPurpose } from "./tokens";

/**
 * The pages our emails link to (docs/email.md). Each GET shows a page with a button and
 * changes nothing (mail scanners open links); the POST does it.
 *
 * - /subscriptions/confirm/{token}: confirms what was asked for when the link was made.
 * - /subscriptions/unsubscribe/{token}: RFC 8058 one-click: the mail client's POST
 *   (`List-Unsubscribe=One-Click`) stops everything at once and is answered 200, no
 *   redirect, no cookie needed; the page's own button does the same.
 * - /subscriptions/manage/{token}: the digest's frequency and the followed stores.
 */

/** A page post is a form of a few fields; the one-click body is 26 bytes. */
export const SUBSCRIPTION_MAX_BODY_BYTES = 8 * 1024;

type Checked = { claims: TokenClaims; origin: MailOrigin; secret: string } | { failure: Response };

async function checkLink(c: Context<AppEnv>, purpose: TokenPurpose): Promise<Checked> {
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  c.header("Referrer-Policy", "no-referrer");
  const { config } = c.var;
  const secret = config.mail.tokenSecret;
  if (!secret || !config.service) return { failure: await unavailable(c) };
  const claims = await readToken(secret, purpose, c.req.param("token") ?? "");
  if (claims === "expired") {
    const again =
      purpose === "confirm" ? "Sign up again on the site to get a new one." : "Every email we send has a fresh link: use the one in the latest email.";
    return { failure: await page(c, 410, "This link has expired", html`<p>${again}</p>`) };
  }
  if (claims === null) return { failure: await page(c, 400, "This link is not valid", html`<p>Please use the link exactly as it is in the email.</p>`) };
  return { claims, origin: configuredMailOrigin(config, VISITOR_POST_TIMEOUT_MS), secret };
}

function unavailable(c: Context<AppEnv>): Response | Promise<Response> {
  c.header("Retry-After", "60");
  return page(c, 503, "Please try again in a moment", html`<p>We could not reach our records just now. Nothing has changed; the link still works.</p>`);
}

function gone(c: Context<AppEnv>): Response | Promise<Response> {
  return page(c, 410, "This sign-up is no longer on file", html`<p>Unconfirmed sign-ups are deleted after 30 days. Sign up again on the site if you like.</p>`);
}

function asked(subscriber: SubscriberView): Html {
  const items = [
    ...(subscriber.pending.digest ? [`The ${SITE_NAME} weekly digest of the best new deals`] : []),
    ...subscriber.pending.stores.map((store) => `Alerts when ${store.title} has new codes (at most one email every 4 hours)`),
  ];
  return html`<ul>
    ${items.map((item) => html`<li>${item}</li>`)}
  </ul>`;
}

function following(subscriber: SubscriberView): Html {
  const items = [
    ...(subscriber.digest !== "none" ? [`The ${subscriber.digest} digest`] : []),
    ...subscriber.stores.map((store) => `Alerts from ${store.title}`),
  ];
  return items.length === 0 ? html`<p>You get no emails from us.</p>` : html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
}

async function withOrigin(c: Context<AppEnv>, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    console.error("subscription page failed", err);
    return unavailable(c);
  }
}

async function manageLink(secret: string, subscriber: string): Promise<string> {
  return `/subscriptions/manage/${await signToken(secret, "manage", subscriber)}`;
}

export async function confirmPage(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "confirm");
  if ("failure" in checked) return checked.failure;
  const { claims, origin } = checked;
  return withOrigin(c, async () => {
    const subscriber = await origin.subscriber(claims.subscriber);
    if (!subscriber) return gone(c);
    if (subscriber.status === "bounced" || subscriber.status === "unsubscribed")
      return page(c, 410, "This link no longer applies", html`<p>This address has left our list since the link was sent.</p>`);
    const waiting = subscriber.pending.digest || subscriber.pending.stores.length > 0;
    return page(
      c,
      200,
      "Confirm your emails",
      html`<p>For <strong>${subscriber.email}</strong>:</p>
        ${waiting ? asked(subscriber) : html`<p>Everything you asked for is already confirmed.</p>`}
        <form method="post"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Yes, send me these emails</button></form>`,
    );
  });
}

export async function confirm(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "confirm");
  if ("failure" in checked) return checked.failure;
  const { claims, origin, secret } = checked;
  return withOrigin(c, async () => {
    const result = await origin.confirm(claims.subscriber, claims.issuedAt);
    if (result.outcome === "gone" || !result.subscriber) return gone(c);
    if (result.outcome === "inactive") return page(c, 410, "This link no longer applies", html`<p>This address has left our list since the link was sent.</p>`);
    return page(
      c,
      200,
      "You are subscribed",
      html`<p>Thank you. <strong>${result.subscriber.email}</strong> gets:</p>
        ${following(result.subscriber)}
        <p>Every email has a link to change this or to unsubscribe in one click. <a href="${await manageLink(secret, result.subscriber.id)}">Manage your emails</a>.</p>`,
    );
  });
}

export async function unsubscribePage(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "unsubscribe");
  if ("failure" in checked) return checked.failure;
  return page(
    c,
    200,
    "Unsubscribe",
    html`<p>Stop every email from ${SITE_NAME} (alerts and digests) to this address?</p>
      <form method="post"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Unsubscribe</button></form>`,
  );
}

/** Whether the POST is RFC 8058's one-click (`List-Unsubscribe=One-Click`, form-urlencoded or multipart). */
async function isOneClick(c: Context<AppEnv>): Promise<boolean> {
  try {
    return (await c.req.parseBody())["List-Unsubscribe"] === "One-Click";
  } catch {
    return false;
  }
}

/** RFC 8058: the mail client's one-click POST, or the page's button. 200 either way, no redirect. */
export async function unsubscribe(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "unsubscribe");
  if ("failure" in checked) return checked.failure;
  const { claims, origin } = checked;
  const oneClick = await isOneClick(c);
  return withOrigin(c, async () => {
    await origin.unsubscribe(claims.subscriber);
    if (oneClick) return c.text("Unsubscribed.", 200);
    return page(c, 200, "You are unsubscribed", html`<p>You will get no more email from ${SITE_NAME}. Sign up again on the site whenever you like.</p>`);
  });
}

function preferencesForm(subscriber: SubscriberView, unsubscribeHref: string, note = ""): Html {
  const labels: Record<string, string> = { weekly: "Weekly digest", daily: "Daily digest", none: "No digest" };
  return html`${note ? html`<p role="status"><strong>${note}</strong></p>` : ""}
    <p>Emails to <strong>${subscriber.email}</strong>.</p>
    <form method="post">
      <fieldset>
        <legend>The digest of the best new deals</legend>
        ${DIGEST_CHOICES.map(
          (choice) =>
            html`<label style="display:block"><input type="radio" name="digest" value="${choice}" ${subscriber.digest === choice ? "checked" : ""}> ${labels[choice]}</label>`,
        )}
      </fieldset>
      <fieldset>
        <legend>Alerts from the stores you follow</legend>
        ${
          subscriber.stores.length === 0
            ? html`<p>None. Use "Email me new codes" on a store's page to follow it.</p>`
            : subscriber.stores.map(
                (store) => html`<label style="display:block"><input type="checkbox" name="store" value="${store.id}" checked> ${store.title}</label>`,
              )
        }
      </fieldset>
      <p><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Save</button></p>
    </form>
    <form method="post" action="${unsubscribeHref}"><button type="submit">Unsubscribe from everything</button></form>`;
}

export async function managePage(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "manage");
  if ("failure" in checked) return checked.failure;
  const { claims, origin, secret } = checked;
  return withOrigin(c, async () => {
    const subscriber = await origin.subscriber(claims.subscriber);
    if (!subscriber) return gone(c);
    if (subscriber.status !== "active") return page(c, 200, "Your emails", html`<p>This address gets no emails from ${SITE_NAME}.</p>`);
    const unsubscribeHref = `/subscriptions/unsubscribe/${await signToken(secret, "unsubscribe", subscriber.id)}`;
    return page(c, 200, "Your emails", preferencesForm(subscriber, unsubscribeHref));
  });
}

export async function savePreferences(c: Context<AppEnv>): Promise<Response> {
  const checked = await checkLink(c, "manage");
  if ("failure" in checked) return checked.failure;
  const { claims, origin, secret } = checked;
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    return page(c, 400, "Your emails", html`<p>That form could not be read. Please try again.</p>`);
  }
  const digest = typeof body.digest === "string" ? body.digest : "";
  const stores = ([] as unknown[]).concat(body.store ?? []).filter((store): store is string => typeof store === "string");
  if (!(DIGEST_CHOICES as readonly string[]).includes(digest) || stores.some((store) => !/^[a-z0-9]{15}$/.test(store)))
    return page(c, 400, "Your emails", html`<p>Please choose a digest frequency.</p>`);
  return withOrigin(c, async () => {
    const result = await origin.preferences(claims.subscriber, digest, stores);
    if (result.outcome === "gone" || !result.subscriber) return gone(c);
    if (result.outcome === "inactive") return page(c, 200, "Your emails", html`<p>This address gets no emails from ${SITE_NAME}.</p>`);
    const unsubscribeHref = `/subscriptions/unsubscribe/${await signToken(secret, "unsubscribe", result.subscriber.id)}`;
    return page(c, 200, "Your emails", preferencesForm(result.subscriber, unsubscribeHref, "Saved."));
  });
}
