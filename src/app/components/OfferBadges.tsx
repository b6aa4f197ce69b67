import type { BadgeChip } from "../../data/badges";
import { BadgeIcon } from "./BadgeIcon";

/** The offer's badges (spec: title and icon_class of the expanded badges). */
export function OfferBadges({ badges }: { badges: readonly BadgeChip[] | undefined }) {
  if (!badges?.length) return null;
  return (
    <ul className="list-inline mb-1" aria-label="Badges">
      {badges.map((badge) => (
        <li className="list-inline-item me-1" key={badge.id}>
          <span className={`badge rounded-pill text-bg-${badge.style || "secondary"}`}>
            <BadgeIcon iconClass={badge.icon_class} className="me-1 align-text-top" />
            {badge.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
