import { fileUrl } from "../../data/files";
import type { Category } from "../../data/types";
import { isValidIconPath } from "../../lib/icon-path";

export type CategoryIconData = Pick<Category, "id" | "collectionId" | "collectionName" | "icon_code" | "icon_image" | "color_hex">;

/** Icon paths in the CMS are drawn on the common 24-unit icon grid. */
const ICON_GRID = 24;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A category's icon (spec: the vector path coloured with color_hex when the path is
 * valid, else the icon image). Decorative: the category title always sits next to it.
 */
export function CategoryIcon({ category, size }: { category: CategoryIconData; size: number }) {
  if (isValidIconPath(category.icon_code)) {
    return (
      <svg width={size} height={size} viewBox={`0 0 ${ICON_GRID} ${ICON_GRID}`} aria-hidden="true" focusable="false">
        <path d={category.icon_code} fill={HEX_COLOR.test(category.color_hex) ? category.color_hex : "currentColor"} />
      </svg>
    );
  }
  if (category.icon_image) {
    return <img src={fileUrl(category, category.icon_image)} width={size} height={size} alt="" loading="lazy" decoding="async" />;
  }
  return <span className="d-inline-block" style={{ width: size, height: size }} aria-hidden="true" />;
}
