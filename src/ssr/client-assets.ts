import manifest from "../../public/build/manifest.json";
import type { DocumentAssets } from "../app/Document";

/** The built client bundle, as scripts/build-client.mjs wrote it. */
export const clientAssets: DocumentAssets = manifest;
