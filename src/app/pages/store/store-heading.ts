const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** 'May 2026' in UTC: the loader computes it once, so the server render and hydration agree
 * whatever the visitor's time zone. */
export function monthAndYear(now: Date): string {
  return `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
}

/** Spec: the store page heading is the store title plus the current month name and year. */
export function storeHeading(title: string, monthYear: string): string {
  return `${title} ${monthYear}`;
}
