import { redirect } from "react-router";
import { articlePath, type ArticleKind } from "../../../data/articles";

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
export function redirectToCanonical(request: Request, titleParam: string | undefined, item: { kind: ArticleKind; title: string; id: string }): void {
  if (titleParam === item.title.trim().toLowerCase()) return;
  throw redirect(`${articlePath(item)}${new URL(request.url).search}`, 301);
}

/** Editors often end meta_title with the site name (" | DealPilot", " | DealPilot Blog"), which the page title adds anyway. */
export function pageTitle(metaTitle: string, siteName: string): string {
  const cut = metaTitle.lastIndexOf(` | ${siteName}`);
  return cut > 0 ? metaTitle.slice(0, cut) : metaTitle;
}
