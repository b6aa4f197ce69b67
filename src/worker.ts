import { Hono } from "hono";
import { isbot } from "isbot";
import { createContentClient } from "./data/client";
import type { AppEnv } from "./edge/app-env";
import { contentApi } from "./edge/content-api";
import { createContentOrigin } from "./edge/content-origin";
import { newsletter } from "./edge/newsletter";
import { DAILY, IMMUTABLE, serveAsset } from "./edge/static-assets";
import { readConfig } from "./env";
import { renderPage } from "./ssr/render";

const app = new Hono<AppEnv>();

app.use("*", async (c, next) => {
  const config = readConfig(c.env);
  c.set("config", config);
  c.set("origin", createContentOrigin(config, { cache: caches.default, waitUntil: (p) => c.executionCtx.waitUntil(p) }));
  c.set("readCacheControl", `public, max-age=${config.readTtl.fresh}`);
  await next();
});

app.route("/", contentApi);
app.get("/build/*", serveAsset(IMMUTABLE));
app.get("/favicon.svg", serveAsset(DAILY));

app.get("*", (c) =>
  renderPage(c.req.raw, {
    content: createContentClient({ baseUrl: c.var.config.pocketbaseUrl, fetch: c.var.origin.fetch }),
    siteOrigin: c.var.config.siteOrigin,
    waitForAll: isbot(c.req.header("User-Agent") ?? ""),
  }),
);

app.post("/newsletter", newsletter);

app.all("*", (c) => {
  c.header("Allow", "GET, HEAD");
  return c.text("Method not allowed", 405);
});

export default app;
