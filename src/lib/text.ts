const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Cuts a text longer than `max` characters to at most `max` characters and an ellipsis
 * (spec: store title 30, subheading 50, popular-offers subheading 18, latest-deals subheading
 * 24). The cut falls between words ("Valid on the…", never "Valid on the Premi"); only a
 * first word longer than `max` is cut inside. */
export function truncateChars(text: string, max: number, suffix = "…"): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let end = max;
  if (WORD_CHARACTER.test(chars[max] ?? "") && WORD_CHARACTER.test(chars[max - 1] ?? "")) {
    const space = chars.slice(0, max).findLastIndex((char) => /\s/.test(char));
    if (space > 0) end = space;
  }
  return (
    chars
      .slice(0, end)
      .join("")
      .replace(/[\s,;:–—-]+$/u, "") + suffix
  );
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
