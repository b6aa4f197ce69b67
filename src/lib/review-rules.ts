/**
 * The numbers of issue 53's rules, in a module of their own so the method page that states
 * them (/how-we-rate) loads none of the reads that apply them.
 */

/** A side-by-side table compares two to six products: one is no comparison, and more than
 * six no longer fit side by side. */
export const COMPARED_MIN = 2;
export const COMPARED_MAX = 6;

/** An alternatives page lists at least this many products, or is not published (no thin
 * pages); the sitemap lists the same pages. */
export const MIN_ALTERNATIVES = 3;
/** At most this many, the best first. */
export const ALTERNATIVES_SHOWN = 10;
