/** The raster brand images in public/, rendered from public/favicon.svg by
 * scripts/brand-images.mjs. */

/** 512 × 512 PNG: the Organization logo of the structured data (Google wants a raster
 * logo of at least 112 px; the favicon is a 32 px SVG). */
export const LOGO_PATH = "/logo-512.png";

/** 1200 × 630 PNG: the home page's sharing image, with the text its alt repeats. */
export const HOME_SHARE_IMAGE = {
  path: "/og-home.png",
  alt: "DealPilot: verified coupons, deals and software reviews",
} as const;
