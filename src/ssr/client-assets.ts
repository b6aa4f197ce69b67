import manifest from "../../public/build/manifest.json";

/** URLs of the built client bundle and stylesheet (content-hashed by scripts/build-client.mjs). */
export interface ClientAssets {
  js: string;
  css: string;
}

export const clientAssets: ClientAssets = manifest;
