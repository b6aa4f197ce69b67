/** Spec section 9: Popular articles 6, best deals 3, best stores 3. A module of its own so
 * the home screen sizes its sections without loading the home reads (and their sanitizer)
 * with its code. */
export const POPULAR_ARTICLES = 6;
export const BEST_DEALS = 3;
export const BEST_STORES = 3;
