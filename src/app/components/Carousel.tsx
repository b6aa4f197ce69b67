import { use, type ReactNode } from "react";
import { CAROUSEL_STYLESHEET } from "../stylesheets";

/** How many slides show side by side, as Swiper's slidesPerView / breakpoints / spaceBetween. */
export interface CarouselLayout {
  /** Slides per view below the first breakpoint. */
  slidesPerView: number;
  /** Minimum viewport width in px → slides per view from that width up. */
  breakpoints?: Readonly<Record<number, number>>;
  /** Space between slides in px. */
  gap: number;
}

export interface CarouselProps<T> extends CarouselLayout {
  /** Accessible name of the carousel region. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Autoplay delay in ms; no autoplay when absent. */
  autoplayMs?: number;
  /** Transition duration in ms (Swiper's default 300 when absent). */
  speed?: number;
  loop?: boolean;
  /** Clickable bullets under the slides. */
  pagination?: boolean;
  className?: string;
}

type SwiperCarouselComponent = <T>(props: CarouselProps<T>) => ReactNode;

// Swiper's code is a chunk of its own in the browser, loaded only where a carousel shows.
// The server render and the browser entry load it before rendering a page with a
// carousel (see render.tsx, client/entry.tsx), so the slides render at once and hydrate
// without a Suspense boundary (React would stream a boundary's content out of line).
// On a client navigation a carousel not yet loaded suspends the transition briefly.
let swiperCarousel: SwiperCarouselComponent | undefined;
let swiperCarouselLoad: Promise<SwiperCarouselComponent> | undefined;

export function preloadCarousel(): Promise<SwiperCarouselComponent> {
  swiperCarouselLoad ??= import("./SwiperCarousel").then((module) => (swiperCarousel = module.default as SwiperCarouselComponent));
  return swiperCarouselLoad;
}

/**
 * A Swiper carousel whose server HTML already has its final layout: before Swiper starts,
 * a stylesheet generated from the layout gives the first slides the widths Swiper will
 * give them, so hydration shifts nothing. Swiper's CSS loads with the first carousel
 * (React hoists the stylesheet and holds the section until it has loaded).
 */
export function Carousel<T>(props: CarouselProps<T>) {
  const layoutClass = carouselLayoutClass(props);
  const Interactive = swiperCarousel ?? use(preloadCarousel());
  return (
    <>
      <link rel="stylesheet" href={CAROUSEL_STYLESHEET} precedence="carousel" />
      <style href={layoutClass} precedence="carousel">
        {carouselLayoutCss(layoutClass, props)}
      </style>
      <Interactive {...props} className={[layoutClass, props.className].filter(Boolean).join(" ")} />
    </>
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
