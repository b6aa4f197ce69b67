import { Hono } from "hono";
import { SIGN_IN_PATH } from "../../lib/admin-session";
import { renderAdminMessage } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { linkBuilder } from "../links/builder";
import { showReport } from "./reports";
import { requireSession } from "./session";
import { showSignIn, signIn, signInBodyLimit, signOut } from "./sign-in";

/**
 * The site's /admin pages (docs/reports.md): sign-in and sign-out for marketers and editors,
 * and what each may open (requireSession names who). Nothing here is cached or indexed, and
 * a request without the right session gets the sign-in page (or 401), never data.
 */

export const admin = new Hono<AppEnv>();

for (const path of ["/admin", "/admin/*"]) {
  admin.use(path, async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
  });
}

admin.get("/admin", (c) => c.redirect("/admin/reports", 303));
admin.get(SIGN_IN_PATH, showSignIn);
admin.post(SIGN_IN_PATH, signInBodyLimit, signIn);
admin.post("/admin/sign-out", signOut);

admin.get("/admin/reports", requireSession(["marketers"]), showReport);
admin.route("/", linkBuilder);

admin.all("/admin/*", (c) => renderAdminMessage({ title: "Not found", message: "There is no such page here.", nonce: c.var.cspNonce }, 404));
