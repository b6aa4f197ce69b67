import { useLocation } from "react-router";
import { HOME_SHARE_IMAGE } from "../../lib/brand";
import { w3cDateTime } from "../../lib/sitemap";
import { absoluteUrl, type JsonLdNode, type PageIdentity } from "../../lib/structured-data";
import { useRootData } from "../root-data";
import { JsonLd } from "./JsonLd";

export interface PageMetaProps {
  /** Page title without the site name (meta_title when the data has one). */
  title: string;
  description?: string;
  keywords?: string;
  /** Query string that is part of the page's identity (e.g. "?catID=x"); tracking and other parameters never are. */
  canonicalSearch?: string;
  /** Absolute or site-relative URL of the sharing image (the banner or featured image);
   * pages without one share the site's card (HOME_SHARE_IMAGE). */
  image?: string;
  /** What the sharing image shows, for og:image:alt and twitter:image:alt; the page title
   * when not given (banners and featured images illustrate the page they head). */
  imageAlt?: string;
  noindex?: boolean;
  /** Open Graph type: "article" for blog articles, advertorials and comparisons. */
  type?: "website" | "article";
  /** Publication dates of an article (PocketBase datetimes), for its Open Graph tags. */
  dates?: { published?: string; modified?: string };
  /** The page's schema.org nodes, built from its canonical address; left out of noindex pages. */
  structuredData?: (page: PageIdentity) => ReadonlyArray<JsonLdNode | null>;
}

/** Used when a page's data has no meta_description / meta_keyword(s). */
export const DEFAULT_DESCRIPTION = "Independent reviews, verified coupons and deals for VPNs, antivirus, hosting, telecom, finance and more.";
export const DEFAULT_KEYWORDS = "coupons, promo codes, deals, software reviews, VPN, antivirus, web hosting";

/**
 * Title, description, keywords, canonical link, Open Graph and Twitter card tags (hoisted
 * into <head> by React) and the page's JSON-LD. Every URL is built from the configured
 * site origin, never from the request's Host.
 */
export function PageMeta({
  title,
  description,
  keywords,
  canonicalSearch = "",
  image,
  imageAlt,
  noindex,
  type = "website",
  dates,
  structuredData,
}: PageMetaProps) {
  const { site, siteOrigin } = useRootData();
  const { pathname } = useLocation();
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const summary = description || DEFAULT_DESCRIPTION;
  const url = `${siteOrigin}${pathname}${canonicalSearch}`;
  const imageUrl = absoluteUrl(siteOrigin, image || HOME_SHARE_IMAGE.path);
  const alt = image ? imageAlt || title : HOME_SHARE_IMAGE.alt;
  const published = w3cDateTime(dates?.published);
  const modified = w3cDateTime(dates?.modified);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      <meta name="keywords" content={keywords || DEFAULT_KEYWORDS} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:alt" content={alt} />
      {type === "article" && published && <meta property="article:published_time" content={published} />}
      {type === "article" && modified && <meta property="article:modified_time" content={modified} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={alt} />
      {structuredData && !noindex && <JsonLd nodes={structuredData({ siteOrigin, siteName: site.name, url })} />}
    </>
  );
}
