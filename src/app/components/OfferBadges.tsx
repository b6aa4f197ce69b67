import type { BadgeChip } from "../../data/badges";

/** Only Bootstrap Icons glyph classes: a CMS value is never trusted as arbitrary classes. */
const ICON_CLASS = /^bi-[a-z0-9-]{1,40}$/;

/** The offer's badges (spec: title and icon_class of the expanded badges). */
export function OfferBadges({ badges }: { badges: readonly BadgeChip[] | undefined }) {
  if (!badges?.length) return null;
  return (
    <ul className="list-inline mb-1" aria-label="Badges">
      {badges.map((badge) => (
        <li className="list-inline-item me-1" key={badge.id}>
          <span className={`badge rounded-pill text-bg-${badge.style || "secondary"}`}>
            {ICON_CLASS.test(badge.icon_class) && <i className={`bi ${badge.icon_class} me-1`} aria-hidden="true" />}
            {badge.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
