import manifest from "../../public/build/manifest.json";

/** URLs of the built client bundle and stylesheet (content-hashed by scripts/build-client.mjs). */
export interface ClientAssets {
  js: string;
  css: string;
  /** Chunks the entry imports statically. */
  preload: string[];
}

export const clientAssets: ClientAssets = manifest;
