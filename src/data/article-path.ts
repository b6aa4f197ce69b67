import { titleSegment } from "../lib/slug";
import type { ArticleKind } from "./articles";

/** Spec route contract: /advertorials/{title}/{id}, /comparisions/{title}/{id}, /blog/{title}/{id}.
 * A module of its own so screens link to articles without loading the content reads (and
 * their sanitizer) into the browser's first bundle (docs/decisions/016). */
export function articlePath(item: { kind: ArticleKind; title: string; id: string }): string {
  return `/${item.kind}/${titleSegment(item.title)}/${item.id}`;
}
