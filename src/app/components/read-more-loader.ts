import { listReadMore, type ArticleListItem } from "../../data/articles";
import type { ContentClient } from "../../data/client";
import { defer } from "../deferred";

/**
 * The read-more block's data for a loader: the newest pieces across advertorials,
 * comparisons and blog articles (`exclude`: the piece on the page), deferred so the block
 * streams after the page's main content. A failed read hides the block.
 */
export function loadReadMore(content: ContentClient, exclude?: string): Promise<ArticleListItem[]> {
  return defer(
    listReadMore(content, { exclude }).catch((err: unknown) => {
      console.error("read-more read failed", err);
      return [];
    }),
  );
}
