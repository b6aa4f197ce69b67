import type { Context } from "hono";
import type { PreviewMarks } from "../../app/load-context";
import type { ContentClient } from "../../data/client";
import { COLLECTIONS } from "../../data/collections";
import { appendToBody } from "../../ssr/append-to-body";
import { renderPage } from "../../ssr/render";
import type { AppEnv } from "../app-env";
import { checkSession, userContentClient } from "./session";

/**
 * Preview (issue 35, docs/editors.md): an editor signed in on the site (/admin/sign-in,
 * the dp_admin cookie, admin/session.ts) sees drafts on their real pages at their real addresses. Such a page
 * is rendered for that request alone, from reads made with the editor's PocketBase token
 * straight to PocketBase: it never reads from or writes to the page cache or the shared
 * read cache (nothing a draft is in may be served to anyone else), and it is answered
 * "private, no-store" and "noindex". Everyone else, marketers included, gets the public page.
 */

export const PREVIEW_NOTICE = "Preview — not published";

/** Outside React's tree (appended to the streamed body, like the deferred data), so the
 * browser's hydration never sees it; Bootstrap classes only, so it needs no stylesheet of
 * its own. Signing out (admin.ts) ends the preview. */
const BANNER = `<form method="post" action="/admin/sign-out" role="status" class="position-fixed bottom-0 start-0 end-0 z-3 p-2 text-center fw-semibold text-bg-warning">${PREVIEW_NOTICE}: you are signed in as an editor, so this page shows drafts. Visitors see only what is published. <button type="submit" class="btn btn-sm btn-dark ms-2">Sign out</button></form>`;

/** Collections whose records have a status, so may be drafts. */
const WITH_STATUS = [COLLECTIONS.offers, COLLECTIONS.stores, COLLECTIONS.comparisons, COLLECTIONS.advertorials, COLLECTIONS.articles, COLLECTIONS.products];

/** The ids of one page of `collection`'s records matching `filter`; none when the read fails
 * (the preview still renders, unmarked). */
function idsOf(content: ContentClient, collection: string, filter: string): Promise<string[]> {
  return content
    .collection(collection)
    .getList<{ id: string }>(1, 500, { filter, fields: "id", skipTotal: true })
    .then((list) => list.items.map((item) => item.id))
    .catch((error: unknown) => {
      console.error("preview: records to mark not read", collection, error);
      return [];
    });
}

/** What the page marks (issue 51): the drafts the editor may see, and the offers still to
 * start, which the preview lists (ContentClient.showsScheduled). Both are few (records
 * waiting to go live), so a page of each collection holds them. */
async function previewMarks(content: ContentClient): Promise<PreviewMarks> {
  const [scheduled = [], ...drafts] = await Promise.all([
    idsOf(content, COLLECTIONS.offers, "starts_at > @now"),
    ...WITH_STATUS.map((collection) => idsOf(content, collection, 'status = "draft"')),
  ]);
  return { drafts: drafts.flat(), scheduled };
}

/** The page as the signed-in editor's preview, or null when the request is not an editor's. */
export async function previewPage(c: Context<AppEnv>, request: Request): Promise<Response | null> {
  // A marketer's cookie never reaches pages (its path is /admin); one that is not a signed
  // editor's session costs nothing; a refused or unverifiable one gets the public page: a
  // preview is never worth an error page.
  const { session } = await checkSession(c, ["editors"]);
  if (!session) return null;
  const content = userContentClient(c.var.config, session.token, { showsScheduled: true });
  const page = await renderPage(request, {
    content,
    preview: await previewMarks(content),
    siteOrigin: c.var.config.siteOrigin,
    waitForAll: false,
    nonce: c.var.cspNonce,
  });
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  const body = page.body && (headers.get("Content-Type") ?? "").startsWith("text/html") ? appendToBody(page.body, async () => BANNER) : page.body;
  return new Response(body, { status: page.status, headers });
}
