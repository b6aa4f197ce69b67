import type { Context } from "hono";
import { createContentClient, type ContentClient } from "../../data/client";
import { COLLECTIONS } from "../../data/collections";
import type { Config } from "../../env";
import { ADMIN_SESSION_COOKIE } from "../../lib/admin-session";
import { readCookie } from "../../lib/cookies";
import { appendToBody } from "../../ssr/append-to-body";
import { renderPage } from "../../ssr/render";
import type { AppEnv } from "../app-env";
import { ORIGIN_TIMEOUT_MS } from "../service-account";

/**
 * Preview (issue 35, docs/editors.md): an editor signed in on the site (/admin/sign-in,
 * the dp_admin cookie) sees drafts on their real pages at their real addresses. Such a page
 * is rendered for that request alone, from reads made with the editor's PocketBase token
 * straight to PocketBase: it never reads from or writes to the page cache or the shared
 * read cache (nothing a draft is in may be served to anyone else), and it is answered
 * "private, no-store" and "noindex". Everyone else, marketers included, gets the public page.
 */

/** The hook route that answers 200 to an editor's token only (pocketbase/pb_hooks/accounts.pb.js). */
const EDITOR_CHECK_PATH = "/api/dealpilot/editor";

export const PREVIEW_NOTICE = "Preview — not published";

/** Outside React's tree (appended to the streamed body, like the deferred data), so the
 * browser's hydration never sees it; Bootstrap classes only, so it needs no stylesheet of
 * its own. Signing out (admin.ts) ends the preview. */
const BANNER = `<form method="post" action="/admin/sign-out" role="status" class="position-fixed bottom-0 start-0 end-0 z-3 p-2 text-center fw-semibold text-bg-warning">${PREVIEW_NOTICE}: you are signed in as an editor, so this page shows drafts. Visitors see only what is published. <button type="submit" class="btn btn-sm btn-dark ms-2">Sign out</button></form>`;

/** The editor's PocketBase token from the session cookie; null when there is none, or
 * PocketBase does not take it as an editor's (a marketer's, an expired one) or cannot say. */
async function editorToken(c: Context<AppEnv>): Promise<string | null> {
  const token = readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE);
  if (!token) return null;
  try {
    const response = await fetch(`${c.var.config.pocketbaseUrl}${EDITOR_CHECK_PATH}`, {
      headers: { Accept: "application/json", Authorization: token },
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? token : null;
  } catch (error) {
    // The public page still works: a preview is never worth an error page.
    console.error("preview: editor check failed", error);
    return null;
  }
}

/** Reads as the editor, uncached: PocketBase's rules let an editor see drafts. */
function editorContent(config: Config, token: string): ContentClient {
  return createContentClient({
    baseUrl: config.pocketbaseUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("Authorization", token);
      return fetch(input, { ...init, headers, signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) });
    },
  });
}

/** Collections whose records have a status, so may be drafts. */
const WITH_STATUS = [COLLECTIONS.offers, COLLECTIONS.stores, COLLECTIONS.comparisons, COLLECTIONS.advertorials, COLLECTIONS.articles, COLLECTIONS.products];

/** The ids of the drafts the editor may see, for the page to mark (issue 51). Drafts are few
 * (a record waiting to be published), so a page of each collection holds them; if a read
 * fails the preview still renders, unmarked. */
async function draftIds(content: ContentClient): Promise<string[]> {
  const lists = await Promise.all(
    WITH_STATUS.map((collection) =>
      content
        .collection(collection)
        .getList<{ id: string }>(1, 500, { filter: 'status = "draft"', fields: "id", skipTotal: true })
        .then((list) => list.items.map((item) => item.id))
        .catch((error: unknown) => {
          console.error("preview: drafts not read", collection, error);
          return [];
        }),
    ),
  );
  return lists.flat();
}

/** The page as the signed-in editor's preview, or null when the request is not an editor's. */
export async function previewPage(c: Context<AppEnv>, request: Request): Promise<Response | null> {
  const token = await editorToken(c);
  if (!token) return null;
  const content = editorContent(c.var.config, token);
  const page = await renderPage(request, {
    content,
    drafts: await draftIds(content),
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
