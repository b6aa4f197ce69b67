/**
 * Badge icons by their Bootstrap Icons class (the spec's `icon_class`), each a PNG mask the
 * stylesheet draws in the badge's text colour (client/styles.css; scripts/icon-masks.mjs
 * renders them from client/badge-icons.svg). The icon font would add a 130 KB download for
 * a handful of glyphs; path data inline in the bundle cost every card page 2.5 KiB of
 * JavaScript; an SVG sprite is one more document on the phone's main thread. An unknown
 * class draws nothing; the title still shows.
 */
export const BADGE_ICONS: ReadonlySet<string> = new Set([
  "bi-patch-check-fill",
  "bi-award-fill",
  "bi-gem",
  "bi-piggy-bank-fill",
  "bi-star-fill",
  "bi-hourglass-split",
  "bi-stars",
  "bi-graph-up-arrow",
  "bi-lightning-fill",
  "bi-tag-fill",
  "bi-shield-check",
  "bi-fire",
]);

export function BadgeIcon({ iconClass, className }: { iconClass: string; className?: string }) {
  if (!BADGE_ICONS.has(iconClass)) return null;
  return <span className={`badge-icon ${iconClass}${className ? ` ${className}` : ""}`} aria-hidden="true" />;
}
