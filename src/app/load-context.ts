import { createContext, RouterContextProvider } from "react-router";
import type { ContentClient } from "../data/client";
import type { CountryScope } from "../data/offer-countries";

/** What loaders get from the request through the router context (never module scope). */
export interface LoadEnv {
  content: ContentClient;
  /** Canonical public origin (SITE_ORIGIN on the server; the page's origin in the browser). */
  siteOrigin: string;
  /** The visitor's country, by which lists of offers are narrowed (src/data/offer-countries.ts);
   * absent in the browser, where loaders read it from the document (src/app/visitor-country.ts). */
  country?: CountryScope;
  /** The state of the client navigation under way (a Link's `state`); absent on the server. */
  navigationState?: () => unknown;
  /** In an editor's preview (src/edge/admin/preview.ts): the records to mark where they show;
   * absent for everyone else. */
  preview?: PreviewMarks;
}

/** Ids of the drafts an editor may see, and of the offers still to start. */
export interface PreviewMarks {
  drafts: string[];
  scheduled: string[];
}

const loadEnvContext = createContext<LoadEnv>();

export function createLoadContext(env: LoadEnv): RouterContextProvider {
  return new RouterContextProvider(new Map([[loadEnvContext, env]]));
}

export function loadEnvFrom(context: unknown): LoadEnv {
  return (context as RouterContextProvider).get(loadEnvContext);
}

export function contentFrom(context: unknown): ContentClient {
  return loadEnvFrom(context).content;
}
