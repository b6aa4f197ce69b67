import { type ComponentType, lazy } from "react";

/**
 * A module's named component as a lazy one: the module becomes a chunk of its own, fetched
 * when React first renders it. Server-rendered, its HTML stands until the chunk is in, and
 * React then hydrates it (the page's other sections do not wait for it).
 */
// biome-ignore lint/suspicious/noExplicitAny: the bound React.lazy itself puts on a component's props
export function lazyExport<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
