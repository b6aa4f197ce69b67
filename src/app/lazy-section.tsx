import { type ComponentProps, type ComponentType, lazy, type RefObject, Suspense, useEffect, useRef } from "react";

/**
 * A module's named component as a lazy one: the module becomes a chunk of its own, fetched
 * when React first renders it. Server-rendered, its HTML stands until the chunk is in, and
 * React then hydrates it (the page's other sections do not wait for it).
 */
// biome-ignore lint/suspicious/noExplicitAny: the bound React.lazy itself puts on a component's props
export function lazyExport<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** Set on a section's wrapper once React has hydrated (or rendered) what is inside: the
 * browser tests wait for it. */
export const SECTION_HYDRATED_ATTRIBUTE = "data-hydrated";

/** Marks the wrapper when the boundary it sits in has committed; renders nothing. */
function MarkHydrated({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    wrapper.current?.setAttribute(SECTION_HYDRATED_ATTRIBUTE, "");
  }, [wrapper]);
  return null;
}

/** Sections whose server HTML is waiting for the visitor to come near it, each with what
 * releases it. */
const waiting = new Set<() => void>();

/** Set once the router renders anything but the document's own page: from then on no
 * section waits. React may reach a section for the first time after that moment (it hydrates
 * the boundaries below the shell in later tasks), and a navigation cannot commit while a
 * section it re-renders is still waiting for the visitor to scroll. */
let pageRenderedAgain = false;

/** How far ahead of the viewport a section starts loading its code (a phone scrolls a
 * few hundred pixels in the time a small chunk takes to arrive). */
const AHEAD = "300px 0px";

/**
 * Resolves once the section's server-rendered wrapper is near the viewport, or at once where
 * there is nothing to wait for: on the server, once the router has begun another render, and
 * in a client render of a page the document does not hold yet (an in-app navigation).
 */
function whenNear(key: string): Promise<void> {
  const element = typeof document === "undefined" || pageRenderedAgain ? null : document.querySelector(`[data-section="${key}"]`);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      observer.disconnect();
      waiting.delete(release);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), { rootMargin: AHEAD });
    observer.observe(element);
    waiting.add(release);
  });
}

/** Hydrates every section still waiting, and any React reaches later: called when the router
 * is about to render the page again (a navigation or a revalidation), which a dehydrated
 * section cannot take part in. */
export function releaseWaitingSections(): void {
  pageRenderedAgain = true;
  for (const release of [...waiting]) release();
}

/**
 * A section below the fold, hydrated when the visitor scrolls near it (issue 37): its code is
 * a chunk of its own, fetched only then, and until then React leaves the server's HTML as it
 * is, so loading the page neither downloads, runs nor hydrates it. `key` names its wrapper,
 * unique on the page.
 */
// biome-ignore lint/suspicious/noExplicitAny: as in lazyExport
export function lazySection<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(key: string, load: () => Promise<Module>, name: Name) {
  const Section = lazyExport(() => whenNear(key).then(load), name);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per section at module level, as React.lazy is, never during a render
  return function LazySection(props: ComponentProps<Module[Name]>) {
    const wrapper = useRef<HTMLDivElement>(null);
    return (
      <div ref={wrapper} data-section={key}>
        <Suspense>
          <Section {...props} />
          <MarkHydrated wrapper={wrapper} />
        </Suspense>
      </div>
    );
  };
}
