import type { Badge } from "./types";

/** What a badge chip shows (spec: title and icon_class, from the expanded badges). */
export type BadgeChip = Pick<Badge, "id" | "title" | "icon_class" | "style">;

/** `fields` entries selecting a badge chip under `expand.<relation>`. */
export function badgeChipFields(relation: string): string {
  return ["id", "title", "icon_class", "style"].map((field) => `expand.${relation}.${field}`).join(",");
}
