/** The home page's fixed content (spec Home: title, short summary, category list and the
 * two images are fixed, not read from the CMS). */

export const HERO_TITLE = "Start exploring Coupons";
export const HERO_SUMMARY =
  "Verified coupon codes and deals from the stores we review, updated every day. Tell us what you need, pick a category and see what saves you the most.";

/** The hero's category select and tile strip, in this order. */
export const HERO_CATEGORIES = ["Accommodation", "Shopping", "Food & Drink", "Entertainment", "Health"] as const;

export const SEARCH_PLACEHOLDER = "What are you looking for?";
export { SEARCH_MAX_LENGTH } from "../../../lib/search-limits";
