/** Longer than any query the site makes (the longest: a typo's lookup of the search vocabulary,
 * test/unit/search-typos.test.ts), far shorter than an address may be. A module of its own:
 * that Node test reads it without the Worker's types. */
export const MAX_PARAM_LENGTH = 4096;
