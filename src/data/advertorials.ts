import { ClientResponseError } from "pocketbase";
import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { articleHeader, tagList, type ArticleHeader } from "./articles";
import { productCard, productExpand, type ProductCardData } from "./products";
import { sanitizeHtml } from "./sanitize";
import type { Editorial } from "./types";

export interface AdvertorialView extends ArticleHeader {
  subtitle: string;
  summaryHtml: string;
  /** Words of the summary as text, for the 'show more' rule. */
  summaryText: string;
  showOverview: boolean;
  products: ProductCardData[];
  descriptionHtml: string;
  conclusionHtml: string;
  tags: string[];
}

/** Spec section 7: the advertorial read expands authors, categories and products. */
const EXPAND = `authors,categories,${productExpand("products")}`;

/** Text of sanitized HTML, for counting and cutting words (never rendered as HTML). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function advertorialView(record: Editorial, now: number): AdvertorialView {
  const summaryHtml = sanitizeHtml(record.summary);
  return {
    ...articleHeader(record),
    subtitle: record.subtitle,
    summaryHtml,
    summaryText: textOf(summaryHtml),
    showOverview: record.show_overview,
    // Products that are not published are absent from the expand (collection rule).
    products: (record.expand?.products ?? []).map((product) => productCard(product, now)),
    descriptionHtml: sanitizeHtml(record.description),
    conclusionHtml: sanitizeHtml(record.conclusion),
    tags: tagList(record.tags, "comma"),
  };
}

export async function getAdvertorial(pb: ContentClient, id: string): Promise<AdvertorialView> {
  return advertorialView(await pb.collection(COLLECTIONS.advertorials).getOne<Editorial>(id, { expand: EXPAND }), Date.now());
}

/** The newest advertorial about a store; null when the store has none (the page then shows its fallback). */
export async function getAdvertorialByStore(pb: ContentClient, storeId: string): Promise<AdvertorialView | null> {
  try {
    const record = await pb.collection(COLLECTIONS.advertorials).getFirstListItem<Editorial>(relatesToAny(pb, "stores", [storeId]), {
      sort: "-publish_time,id",
      expand: EXPAND,
    });
    return advertorialView(record, Date.now());
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null;
    throw err;
  }
}
