import assets from "../../../public/build/assets.json";

/**
 * Badge icons by their Bootstrap Icons class (the spec's `icon_class`), drawn from one SVG
 * sprite (client/badge-icons.svg, a content-hashed static file the browser caches): the
 * icon font would add a 130 KB download for a handful of glyphs, and path data inline in
 * the bundle cost every card page 2.5 KiB of JavaScript. An unknown class draws nothing;
 * the title still shows.
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
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <use href={`${assets.badgeIcons}#${iconClass}`} />
    </svg>
  );
}
