/** Cuts a text longer than `max` characters to `max` characters (spec: store title 30,
 * subheading 50, popular-offers subheading 18). */
export function truncateChars(text: string, max: number, suffix = ""): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join("").trimEnd() + suffix : text;
}

/** Spec trimming rule: a text longer than N words is cut to N words plus '...'. */
export function truncateWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > max ? `${words.slice(0, max).join(" ")}...` : text.trim();
}

/** Editors often end meta_title with the site name (" | DealPilot", " | DealPilot Blog"),
 * which the page title adds anyway: the text before it. */
export function withoutSiteName(title: string, siteName: string): string {
  const cut = title.lastIndexOf(` | ${siteName}`);
  return cut > 0 ? title.slice(0, cut) : title;
}
