import { useEffect, useRef, type ReactNode } from "react";

/** How many slides show side by side, as Swiper's slidesPerView / breakpoints / spaceBetween. */
export interface CarouselLayout {
  /** Slides per view below the first breakpoint. */
  slidesPerView: number;
  /** Minimum viewport width in px → slides per view from that width up. */
  breakpoints?: Readonly<Record<number, number>>;
  /** Space between slides in px. */
  gap: number;
}

/** What Swiper needs besides the layout; see swiper-start.ts. */
export interface CarouselBehaviour extends CarouselLayout {
  /** Autoplay delay in ms; no autoplay when absent. */
  autoplayMs?: number;
  /** Transition duration in ms (Swiper's default 300 when absent). */
  speed?: number;
  loop?: boolean;
  /** Clickable bullets under the slides. */
  pagination?: boolean;
}

export interface CarouselProps<T> extends CarouselBehaviour {
  /** Accessible name of the carousel. */
  label: string;
  /** A region landmark of its own (the default), or a group inside a section that is
   * already a landmark named like it: two landmarks with one name confuse navigation. */
  landmark?: boolean;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
}

/**
 * A carousel whose slides are plain React markup in Swiper's structure, on the server and
 * in the browser alike, so a page hydrates without Swiper's code (~30 KB gzip, kept out of
 * every page's initial JavaScript). Until Swiper starts, a stylesheet generated from the
 * layout gives the slides the widths Swiper will give them, so nothing moves when it does.
 * Swiper's rules are part of the app stylesheet (client/carousel.css).
 */
export function Carousel<T>({ label, landmark = true, items, itemKey, renderItem, className, ...behaviour }: CarouselProps<T>) {
  const layoutClass = carouselLayoutClass(behaviour);
  const keys = items.map(itemKey);
  return (
    <>
      <style href={layoutClass} precedence="carousel">
        {carouselLayoutCss(layoutClass, behaviour)}
      </style>
      {/* A new set of slides gets a fresh element: Swiper rearranges the slides it loops. */}
      <SwiperHost
        key={keys.join(" ")}
        label={label}
        role={landmark ? "region" : "group"}
        className={[layoutClass, className].filter(Boolean).join(" ")}
        behaviour={behaviour}
        slideCount={items.length}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide (role group, roledescription "slide", as Swiper's A11y module sets); a <fieldset> groups form controls
          <div className="swiper-slide" key={keys[index]} role="group" aria-roledescription="slide" aria-label={slideLabel(index, items.length)}>
            {renderItem(item, index)}
          </div>
        ))}
      </SwiperHost>
    </>
  );
}

/** How close to the viewport a carousel comes before Swiper starts on it. */
const START_MARGIN = "200px";

/** The carousel's element; Swiper takes it over once the carousel comes near the viewport
 * and the browser is idle (starting Swiper costs ~100 ms of a slow phone's main thread per
 * carousel: below-the-fold ones wait until the visitor scrolls), and lets it go when the
 * carousel unmounts. */
function SwiperHost({
  label,
  role,
  className,
  behaviour,
  slideCount,
  children,
}: {
  label: string;
  role: "region" | "group";
  className: string;
  behaviour: CarouselBehaviour;
  slideCount: number;
  children: ReactNode;
}) {
  const element = useRef<HTMLDivElement>(null);
  // The element is keyed by its slides, so it only needs Swiper once.
  const settings = useRef({ behaviour, slideCount });
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const start = () =>
      whenIdle(() => {
        void import("./swiper-start").then(({ startSwiper }) => {
          if (!cancelled) stop = startSwiper(host, settings.current.behaviour, settings.current.slideCount);
        });
      });
    const nearViewport = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearViewport.disconnect();
        start();
      },
      { rootMargin: START_MARGIN },
    );
    nearViewport.observe(host);
    return () => {
      cancelled = true;
      nearViewport.disconnect();
      stop?.();
    };
  }, []);
  return (
    // The attributes Swiper's A11y module sets when it starts, already in the server HTML.
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is "region" or "group" (from the props), both of which take the WAI-ARIA carousel's aria-roledescription
    <div ref={element} className={`swiper ${className}`} role={role} aria-roledescription="carousel" aria-label={label}>
      <div className="swiper-wrapper">{children}</div>
      {behaviour.pagination && <div className="swiper-pagination" />}
    </div>
  );
}

export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/** A class name that encodes the layout, so carousels with one layout share one rule set. */
export function carouselLayoutClass({ slidesPerView, breakpoints = {}, gap }: CarouselLayout): string {
  const steps = Object.entries(breakpoints).map(([width, count]) => `-${width}x${count}`);
  return `carousel-${slidesPerView}g${gap}${steps.join("")}`;
}

/** Slide widths before Swiper starts, per breakpoint, as Swiper computes them:
 * (container − gaps) / slides per view. */
export function carouselLayoutCss(layoutClass: string, { slidesPerView, breakpoints = {}, gap }: CarouselLayout): string {
  const selector = `.${layoutClass}:not(.swiper-initialized) .swiper-slide`;
  const width = (count: number) => `width:calc((100% - ${(count - 1) * gap}px) / ${count})`;
  const rules = [`${selector}{${width(slidesPerView)};margin-right:${gap}px}`];
  for (const [minWidth, count] of Object.entries(breakpoints).sort(([a], [b]) => Number(a) - Number(b))) {
    rules.push(`@media (min-width:${minWidth}px){${selector}{${width(count)}}}`);
  }
  return rules.join("\n");
}
