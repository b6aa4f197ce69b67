import { useLocation } from "react-router";
import { useRootData } from "../root-data";

export interface PageMetaProps {
  /** Page title without the site name (meta_title when the data has one). */
  title: string;
  description?: string;
  keywords?: string;
  /** Query string that is part of the page's identity (e.g. "?catID=x"); tracking and other parameters never are. */
  canonicalSearch?: string;
  /** Absolute or site-relative URL of the sharing image. */
  image?: string;
  noindex?: boolean;
}

/** Title, description, keywords, canonical and Open Graph tags; React hoists them into <head>.
 * URLs are built from the configured site origin, never from the request's Host. */
/** Used when a page's data has no meta_description / meta_keyword(s). */
export const DEFAULT_DESCRIPTION = "Independent reviews, verified coupons and deals for VPNs, antivirus, hosting, telecom, finance and more.";
export const DEFAULT_KEYWORDS = "coupons, promo codes, deals, software reviews, VPN, antivirus, web hosting";

export function PageMeta({ title, description = DEFAULT_DESCRIPTION, keywords = DEFAULT_KEYWORDS, canonicalSearch = "", image, noindex }: PageMetaProps) {
  const { site, siteOrigin } = useRootData();
  const { pathname } = useLocation();
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const url = `${siteOrigin}${pathname}${canonicalSearch}`;
  const imageUrl = image && !/^https?:/.test(image) ? `${siteOrigin}${image}` : image;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description || DEFAULT_DESCRIPTION} />
      <meta name="keywords" content={keywords || DEFAULT_KEYWORDS} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description || DEFAULT_DESCRIPTION} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
    </>
  );
}
