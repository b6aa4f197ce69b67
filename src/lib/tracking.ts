/** The spec's nine tracking keys (section 3, stored tracking data). Pages never echo them
 * into HTML, which is the same for every visitor. */
export const TRACKING_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"] as const;
