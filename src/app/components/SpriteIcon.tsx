import assets from "../../../public/build/assets.json";

/** The sprite's symbols that every offer card repeats (Details chevron, verified check);
 * the rest are the badges' icons (BadgeIcon.tsx). */
export const CARD_ICONS = ["bi-chevron-down", "bi-check-lg"] as const;

/**
 * A symbol of the icon sprite (client/badge-icons.svg, a content-hashed static file the
 * browser caches), drawn in the text's colour: one `<use>` instead of the path data in
 * every card.
 */
export function SpriteIcon({ id, size = "1em", className }: { id: string; size?: string | number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <use href={`${assets.badgeIcons}#${id}`} />
    </svg>
  );
}
