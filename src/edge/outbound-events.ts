import type { ContentClient } from "../data/client";
import { COLLECTIONS } from "../data/collections";
import type { Config } from "../env";
import type { TrackingData } from "../lib/tracking";
import { createAsService } from "./service-account";

export type OutboundKind = "click" | "impression";

export interface OutboundEvent {
  kind: OutboundKind;
  /** The partner URL as written in the content (macros unresolved), to find its record. */
  template: string;
  targetHost: string;
  /** Path of the page the visitor came from (our own pages only). */
  referrerPath: string;
  tracking: TrackingData;
  country: string;
}

interface LinkedRecords {
  offer: string;
  store: string;
  product: string;
}

/** The content record the link belongs to: an offer (and its store), else a product,
 * else a store (its default action or website). */
async function linkedRecords(pb: ContentClient, url: string): Promise<LinkedRecords> {
  const first = async <T>(collection: string, filter: string, fields: string): Promise<T | undefined> =>
    (await pb.collection(collection).getList<T>(1, 1, { filter: pb.filter(filter, { url }), fields, skipTotal: true })).items[0];
  const offer = await first<{ id: string; store: string }>(COLLECTIONS.offers, "cta_url = {:url}", "id,store");
  if (offer) return { offer: offer.id, store: offer.store, product: "" };
  const product = await first<{ id: string }>(COLLECTIONS.products, "cta_url = {:url}", "id");
  if (product) return { offer: "", store: "", product: product.id };
  const store = await first<{ id: string }>(COLLECTIONS.stores, "default_action_url = {:url} || website = {:url}", "id");
  return { offer: "", store: store?.id ?? "", product: "" };
}

/**
 * Stores one click or impression in `outbound_events` as the Worker's service account;
 * PocketBase's hook then raises the linked record's counter. Runs after the answer has
 * left (waitUntil): it logs failures and never throws.
 */
export async function recordOutboundEvent(config: Config, pb: ContentClient, event: OutboundEvent): Promise<void> {
  if (!config.service) {
    console.error("outbound event not recorded: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
    return;
  }
  try {
    const linked = await linkedRecords(pb, event.template).catch((err: unknown) => {
      console.error("outbound event: record lookup failed", err);
      return { offer: "", store: "", product: "" };
    });
    const response = await createAsService(config, config.service, "outbound_events", {
      kind: event.kind,
      target_host: event.targetHost,
      ...linked,
      referrer_path: event.referrerPath,
      utm_source: event.tracking.utm_source ?? "",
      utm_campaign: event.tracking.utm_campaign ?? "",
      country: event.country,
    });
    if (!response.ok) console.error(`outbound event not recorded: PocketBase answered ${response.status}`, await response.text());
    else await response.body?.cancel();
  } catch (err) {
    console.error("outbound event not recorded", err);
  }
}
