/** Search input limits, shared by the forms (in every page's first JavaScript, so kept
 * apart from the matching code) and the Worker. */

/** Longest search text accepted (the search fields' maxlength, the /search loader's and the
 * suggestions' limit). */
export const SEARCH_MAX_LENGTH = 100;

/** Fewer characters suggest nothing: one or two letters match most of the catalogue. */
export const SUGGEST_MIN_LENGTH = 2;
