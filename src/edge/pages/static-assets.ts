import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/** Built client files carry a content hash in their names, so browsers may keep them for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unhashed public files (favicon): a day. */
export const DAILY = "public, max-age=86400";

/** Serves a file of `public/` through the assets binding with the given Cache-Control. */
export function serveAsset(cacheControl: string) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (!asset.ok) return c.text("Not found", 404);
    const response = new Response(asset.body, asset);
    response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}
