import manifest from "../../public/build/manifest.json";
import type { DocumentAssets } from "../app/Document";

/** Names the client build the server links pages to (a digest of its files' names, written
 * by scripts/build-client.mjs): a page rendered under another build may link files that are
 * gone. */
export const CLIENT_BUILD: string = manifest.build;

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
