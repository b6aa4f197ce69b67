import { redirect } from "react-router";
import { articlePath, type ArticleKind } from "../../../data/articles";
import { hasCanonicalTitleSegment } from "../../../lib/slug";

/**
 * True in the browser (a client navigation), false in the Worker (a server render). Some
 * failures are answered differently: a server answer is read and cached by crawlers and
 * needs an HTTP status, while the spec prescribes what the browser does on a failed read.
 */
export function inBrowser(): boolean {
  return typeof document !== "undefined";
}

/** The id picks the record whatever the title segment says; any other spelling than the
 * canonical one is sent there permanently (query kept), so each piece has one address. */
export function redirectToCanonical(request: Request, item: { kind: ArticleKind; title: string; id: string }): void {
  const url = new URL(request.url);
  if (hasCanonicalTitleSegment(url.pathname, item.title)) return;
  throw redirect(`${articlePath(item)}${url.search}`, 301);
}
