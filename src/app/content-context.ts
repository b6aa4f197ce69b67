import { createContext, RouterContextProvider } from "react-router";
import type { ContentClient } from "../data/client";

/** The request's content client, handed to loaders through the router context (never module scope). */
const contentContext = createContext<ContentClient>();

export function createLoadContext(content: ContentClient): RouterContextProvider {
  return new RouterContextProvider(new Map([[contentContext, content]]));
}

export function contentFrom(context: unknown): ContentClient {
  return (context as RouterContextProvider).get(contentContext);
}
