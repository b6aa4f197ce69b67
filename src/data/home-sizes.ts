/** Spec section 9: Popular articles 6, best deals 3, top deals 3, best stores 3; Popular
 * offers take 3 deals, Latest Deals 5. A module of its own so the home screen sizes its
 * sections without loading the home reads (and their sanitizer) with its code. */
export const POPULAR_ARTICLES = 6;
export const TOP_DEALS = 3;
export const BEST_DEALS = 3;
export const POPULAR_DEALS = 3;
export const LATEST_DEALS = 5;
export const BEST_STORES = 3;
