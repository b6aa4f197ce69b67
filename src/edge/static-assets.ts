import type { Context } from "hono";
import type { AppEnv } from "./app-env";

/** Built client files carry a content hash in their names, so browsers may keep them for a year. */
export async function serveBuiltAsset(c: Context<AppEnv>): Promise<Response> {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  if (!asset.ok) return c.text("Not found", 404);
  const response = new Response(asset.body, asset);
  response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  return response;
}

/** Unhashed public files (favicon): a day in browsers. */
export async function servePublicFile(c: Context<AppEnv>): Promise<Response> {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  if (!asset.ok) return c.text("Not found", 404);
  const response = new Response(asset.body, asset);
  response.headers.set("Cache-Control", "public, max-age=86400");
  return response;
}
