export type DeviceClass = "mobile" | "tablet" | "desktop";

/**
 * The visitor's kind of device from the User-Agent (and the `Sec-CH-UA-Mobile` client hint
 * where the browser sends it). Tablets first: Android tablets leave "Mobile" out, iPads
 * say iPad (or, in desktop mode, nothing a server can tell from a Mac).
 */
export function deviceClass(userAgent: string, mobileHint?: string | null): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (mobileHint === "?1" || /Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}
