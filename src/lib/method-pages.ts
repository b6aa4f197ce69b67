/** The method pages (issue 53): how codes are verified and how products and stores are rated,
 * linked from the footer and beside every rating and "Verified" mark. */
export const HOW_WE_VERIFY_CODES = "/how-we-verify-codes";
export const HOW_WE_RATE = "/how-we-rate";
