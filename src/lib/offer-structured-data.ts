import { outboundHref } from "./outbound";
import { w3cDateTime } from "./sitemap";
import { absoluteUrl, type JsonLdNode } from "./structured-data";

export interface OfferFacts {
  heading: string;
  subheading?: string;
  cta_url?: string;
  /** PocketBase dates, "" when unset. */
  starts_at?: string;
  expires_at?: string;
  /** ISO 3166-1 alpha-2 codes it is limited to; empty or absent: worldwide. */
  countries?: readonly string[];
}

/**
 * schema.org Offer of one live coupon or deal (issue 15): when it starts (`validFrom`) and
 * ends (`validThrough`, and `priceValidUntil`, the day Google reads for offers). The caller
 * passes live offers only: an expired offer gets no Offer markup. An offer limited to some
 * countries names them (`eligibleRegion`); a worldwide one names none. On a product's page
 * each names the product (`itemOffered`).
 */
export function offerNode(siteOrigin: string, offer: OfferFacts, seller?: string, itemOffered?: string): JsonLdNode {
  const until = w3cDateTime(offer.expires_at);
  return Object.fromEntries(
    Object.entries({
      "@type": "Offer",
      name: offer.heading,
      description: offer.subheading || undefined,
      url: offer.cta_url ? absoluteUrl(siteOrigin, outboundHref(offer.cta_url)) : undefined,
      availability: "https://schema.org/InStock",
      validFrom: w3cDateTime(offer.starts_at),
      validThrough: until,
      priceValidUntil: until?.slice(0, 10),
      seller: seller ? { "@type": "Organization", name: seller } : undefined,
      // The product it is an offer for, by its node's @id, where the page presents one.
      itemOffered: itemOffered ? { "@id": itemOffered } : undefined,
      // schema.org takes the ISO 3166-1 alpha-2 codes as they are.
      eligibleRegion: offer.countries?.length ? offer.countries : undefined,
    }).filter(([, value]) => value !== undefined),
  ) as JsonLdNode;
}
