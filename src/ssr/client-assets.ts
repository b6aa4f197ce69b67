import manifest from "../../public/build/manifest.json";
import type { DocumentAssets } from "../app/Document";

/** Per route id, the chunks the browser loads before hydrating that route (its screen). */
const routeChunks: Readonly<Record<string, readonly string[]>> = manifest.routes;

/**
 * The built client bundle, as scripts/build-client.mjs wrote it, for a page of the matched
 * routes: their screens' chunks are preloaded with the entry's, so the browser fetches them
 * while the entry downloads rather than after it has run.
 */
export function clientAssetsFor(routeIds: readonly string[]): DocumentAssets {
  return { js: manifest.js, css: manifest.css, preload: [...new Set([...manifest.preload, ...routeIds.flatMap((id) => routeChunks[id] ?? [])])] };
}
