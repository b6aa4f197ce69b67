import Swiper from "swiper";
import { A11y, Autoplay, Keyboard, Pagination } from "swiper/modules";
import type { CarouselBehaviour } from "./Carousel";

/**
 * Starts Swiper on a carousel element rendered by Carousel (loaded lazily by it, its only
 * importer) and returns what stops it. Swiper works on the slides React rendered.
 */
export function startSwiper(
  element: HTMLElement,
  { slidesPerView, breakpoints = {}, gap, autoplayMs, speed, loop = false, pagination = false }: CarouselBehaviour,
  slideCount: number,
): () => void {
  const canLoop = slideCount > Math.max(slidesPerView, ...Object.values(breakpoints));
  const autoplay = autoplayMs ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false;
  const bullets = pagination ? element.querySelector<HTMLElement>(":scope > .swiper-pagination") : null;
  const swiper = new Swiper(element, {
    modules: [A11y, Keyboard, ...(autoplay ? [Autoplay] : []), ...(bullets ? [Pagination] : [])],
    slidesPerView,
    spaceBetween: gap,
    breakpoints: Object.fromEntries(Object.entries(breakpoints).map(([width, count]) => [width, { slidesPerView: count }])),
    ...(speed ? { speed } : {}),
    // Swiper needs more slides than fit in view to loop; with fewer (the About page's three
    // cards, three in view on wide screens) it rewinds to the first after the last instead.
    loop: loop && canLoop,
    rewind: loop && !canLoop,
    autoplay,
    pagination: bullets ? { el: bullets, clickable: true, bulletElement: "button" } : false,
    keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
    a11y: {
      // The role Carousel rendered: a region, or a group inside a section named like it.
      containerRole: element.getAttribute("role") ?? "region",
      containerRoleDescriptionMessage: "carousel",
      itemRoleDescriptionMessage: "slide",
      slideLabelMessage: "{{index}} of {{slidesLength}}",
    },
  });
  // Visitors who ask the system for less motion get a carousel that moves only when they move it.
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) swiper.autoplay?.stop();
  // WCAG 2.2.2: moving content pauses while a keyboard user is inside it.
  const pause = () => swiper.autoplay?.pause();
  const resume = () => swiper.autoplay?.resume();
  element.addEventListener("focusin", pause);
  element.addEventListener("focusout", resume);
  return () => {
    element.removeEventListener("focusin", pause);
    element.removeEventListener("focusout", resume);
    swiper.destroy(true, false);
  };
}
