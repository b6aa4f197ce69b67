import { readConfig, type Config, type Env } from "../../env";
import type { ScheduledJob } from "../jobs/scheduled";
import type { AlertOffer, DigestRecipient, MailOrigin, OutgoingMessage, SendResult } from "./mail-origin";
import { alertMail, digestMail, type RenderedMail } from "./messages";
import { configuredMailOrigin, confirmationMessage, mailSite, recipientLinks } from "./send";

/**
 * The mail job (docs/email.md, docs/decisions/058): every minute the Worker's Cron Trigger
 * sends what is due, in this order, until its time is up (the next minute's run goes on):
 *
 * 1. confirmation emails not sent at sign-up (PocketBase was slow, the relay refused);
 * 2. store alerts: each subscriber's new live offers of the stores they follow, in one email,
 *    at most one every 4 hours;
 * 3. the daily and weekly digests of the period (from 08:00 UTC; weekly from Monday's), to
 *    each subscriber once, in pages of recipients sent as concurrent batches;
 * 4. at minute 7 of each hour, the deletion of sign-ups left unconfirmed for 30 days.
 *
 * PocketBase's send route claims each message before it goes to the mailer, so two runs at
 * once, a retried run or a run after a crash never send anything twice.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const DIGEST_HOUR_UTC = 8;
/** Offers a digest names at most. */
const DIGEST_OFFERS = 8;
/** A run stops starting new work after this long: the next minute's run takes over. */
const DEFAULT_BUDGET_MS = 50_000;
/**
 * Messages per send request. PocketBase's mailer opens one SMTP connection per message (a
 * relay's greeting, TLS and authentication each time: about 100-300 ms), so a batch of 20
 * takes seconds; concurrent batches are what makes throughput (docs/decisions/058).
 */
const BATCH_SIZE = 20;
/** A send request may take this long before the Worker stops waiting (PocketBase goes on with it). */
const SEND_TIMEOUT_MS = 60_000;

export interface MailJobOptions {
  /** The run's time (the Cron Trigger's scheduled time). */
  now: number;
  /** Stops starting new batches after this many ms of work. */
  budgetMs?: number;
  /** Messages per send request. */
  batchSize?: number;
  /** Send requests in flight at once. */
  concurrency?: number;
  /** Recipients of a digest read per page. */
  pageSize?: number;
  /** Run the retention clean-up whatever the minute. */
  retention?: boolean;
}

export type Tally = Record<SendResult["outcome"], number>;
export interface MailJobReport {
  confirmations: Tally;
  alerts: Tally;
  digests: Tally;
  retention?: { subscribers: number; alerts: number };
}

const emptyTally = (): Tally => ({ sent: 0, skipped: 0, duplicate: 0, inactive: 0, failed: 0 });

/** The digest period `now` falls in: its first day (the key), its start, and since when offers count as new. */
export function digestPeriod(frequency: "weekly" | "daily", now: number): { period: string; start: number; newSince: number } {
  const day = new Date(now);
  let start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR_UTC);
  if (start > now) start -= DAY_MS;
  if (frequency === "weekly") {
    // Back to Monday (getUTCDay: Sunday 0, Monday 1).
    const weekday = new Date(start).getUTCDay();
    start -= ((weekday + 6) % 7) * DAY_MS;
  }
  return { period: new Date(start).toISOString().slice(0, 10), start, newSince: start - (frequency === "weekly" ? 7 : 1) * DAY_MS };
}

function pbDate(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ");
}

interface DigestOffer extends AlertOffer {
  countries: string[];
}

/** The best offers that became live since `newSince` and are live at `now`: featured first, then the most "worked" votes and clicks. */
export async function digestOffers(config: Config, newSince: number, now: number): Promise<DigestOffer[]> {
  const since = pbDate(newSince);
  const at = pbDate(now);
  const filter = `(create_time >= "${since}" || starts_at >= "${since}") && (starts_at = "" || starts_at <= "${at}") && (expires_at = "" || expires_at > "${at}")`;
  const query = new URLSearchParams({
    filter,
    sort: "-is_featured,-worked_count,-click_count,-create_time",
    perPage: "200",
    skipTotal: "true",
    expand: "store",
    fields: "id,heading,subheading,type,countries,store,expand.store.title",
  });
  const response = await fetch(`${config.pocketbaseUrl}/api/collections/_zdata_offers/records?${query}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`digest offers answered ${response.status}`);
  const { items } = (await response.json()) as {
    items: { id: string; heading: string; subheading?: string; type: string; countries?: string[]; store: string; expand?: { store?: { title: string } } }[];
  };
  return items.map((item) => ({
    id: item.id,
    heading: item.heading,
    subheading: item.subheading ?? "",
    type: item.type,
    store: item.store,
    store_title: item.expand?.store?.title ?? "",
    countries: item.countries ?? [],
  }));
}

/**
 * Sends `messages` in batches, `concurrency` at a time, adding each outcome to `tally`. A batch
 * whose request fails is left to a later run: what PocketBase had claimed of it was sent or is
 * in the log, and the rest is still due.
 */
async function sendAll(
  origin: MailOrigin,
  messages: OutgoingMessage[],
  tally: Tally,
  options: Required<Pick<MailJobOptions, "batchSize" | "concurrency" | "now">>,
) {
  const batches: OutgoingMessage[][] = [];
  for (let i = 0; i < messages.length; i += options.batchSize) batches.push(messages.slice(i, i + options.batchSize));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] ?? [];
      try {
        for (const result of await origin.send(batch, options.now)) tally[result.outcome]++;
      } catch (err) {
        console.error(`mail job: a batch of ${batch.length} messages is left to the next run`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, batches.length) }, worker));
}

const progress = (tally: Tally) => tally.sent + tally.skipped;

export async function runMailJob(config: Config, options: MailJobOptions): Promise<MailJobReport> {
  const secret = config.mail.tokenSecret;
  if (!secret || !config.service) throw new Error("mail job: MAIL_TOKEN_SECRET or the PocketBase service account is not set");
  const { now } = options;
  const settings = { now, batchSize: options.batchSize ?? BATCH_SIZE, concurrency: options.concurrency ?? config.mail.sendConcurrency };
  const pageSize = options.pageSize ?? 1000;
  const stopAt = Date.now() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  const timeLeft = () => Date.now() < stopAt;
  const origin = configuredMailOrigin(config, SEND_TIMEOUT_MS);
  const site = mailSite(config);
  const report: MailJobReport = { confirmations: emptyTally(), alerts: emptyTally(), digests: emptyTally() };

  while (timeLeft()) {
    const due = await origin.dueConfirmations(now, 100);
    if (due.length === 0) break;
    const before = progress(report.confirmations);
    await sendAll(origin, await Promise.all(due.map((s) => confirmationMessage(config, secret, s, now))), report.confirmations, settings);
    if (progress(report.confirmations) === before) break;
  }

  const minute = new Date(now).toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  while (timeLeft()) {
    const due = await origin.dueAlerts(now, 100);
    if (due.length === 0) break;
    const before = progress(report.alerts);
    const messages = await Promise.all(
      due.map(async (alert): Promise<OutgoingMessage> => {
        const campaign = `alert-${minute}`;
        return {
          kind: "alert",
          send_key: `alert:${alert.subscriber}:${Math.floor(now / MINUTE_MS)}`,
          subscriber: alert.subscriber,
          email: alert.email,
          campaign,
          offers: alert.offers.map((offer) => offer.id),
          ...alertMail(site, alert.offers, campaign, await recipientLinks(secret, config.siteOrigin, alert.subscriber, now)),
        };
      }),
    );
    await sendAll(origin, messages, report.alerts, settings);
    if (progress(report.alerts) === before) break;
  }

  for (const frequency of ["daily", "weekly"] as const) {
    const { period, start, newSince } = digestPeriod(frequency, now);
    const campaign = `digest-${frequency}-${period}`;
    let offers: DigestOffer[] | undefined;
    const variants = new Map<string, ((links: Parameters<ReturnType<typeof digestMail>["forRecipient"]>[0]) => RenderedMail) | null>();
    const variant = (country: string) => {
      if (!variants.has(country)) {
        const chosen = (offers ?? [])
          .filter((offer) => country === "" || offer.countries.length === 0 || offer.countries.includes(country))
          .slice(0, DIGEST_OFFERS);
        variants.set(country, chosen.length === 0 ? null : digestMail(site, frequency, chosen, campaign).forRecipient);
      }
      return variants.get(country) ?? null;
    };
    while (timeLeft()) {
      const recipients: DigestRecipient[] = await origin.dueDigests(now, { frequency, period, period_start: start, limit: pageSize });
      if (recipients.length === 0) break;
      offers ??= await digestOffers(config, newSince, now);
      const before = progress(report.digests);
      const messages = await Promise.all(
        recipients.map(async (r): Promise<OutgoingMessage> => {
          const render = variant(r.country);
          const base = {
            kind: "digest" as const,
            send_key: `digest:${period}:${r.subscriber}`,
            subscriber: r.subscriber,
            email: r.email,
            campaign,
            digest_period: period,
          };
          // Nothing new for them: the period is marked as done, and nothing is sent.
          if (!render) return { ...base, subject: "", html: "", text: "", skip: true };
          return { ...base, ...render(await recipientLinks(secret, config.siteOrigin, r.subscriber, now)) };
        }),
      );
      await sendAll(origin, messages, report.digests, settings);
      if (progress(report.digests) === before) break;
    }
  }

  if (options.retention || new Date(now).getUTCMinutes() === 7) report.retention = await origin.retention(now);
  return report;
}

/** The Cron Trigger's entry (src/edge/jobs/scheduled.ts). */
export const mailJob: ScheduledJob = {
  name: "mail",
  run: async (controller: ScheduledController, env: Env) => {
    const report = await runMailJob(readConfig(env), { now: controller.scheduledTime });
    const sent = report.confirmations.sent + report.alerts.sent + report.digests.sent;
    const failed = report.confirmations.failed + report.alerts.failed + report.digests.failed;
    if (sent > 0 || failed > 0 || report.retention) console.log("mail job", JSON.stringify(report));
  },
};
