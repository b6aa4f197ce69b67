import { useEffect, useRef } from "react";
import { A11y, Autoplay, Keyboard, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper";
import { slideLabel, type CarouselProps } from "./Carousel";

/** The interactive carousel; loaded lazily by Carousel (its only importer). */
export default function SwiperCarousel<T>({
  label,
  items,
  itemKey,
  renderItem,
  slidesPerView,
  breakpoints = {},
  gap,
  autoplayMs,
  speed,
  loop = false,
  pagination = false,
  className,
}: CarouselProps<T>) {
  const swiper = useRef<SwiperInstance | null>(null);
  const autoplay = autoplayMs ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false;
  useEffect(() => {
    // Visitors who ask the system for less motion get a carousel that moves only when they move it.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) swiper.current?.autoplay?.stop();
  }, []);
  return (
    <Swiper
      className={className}
      modules={[A11y, Keyboard, ...(autoplay ? [Autoplay] : []), ...(pagination ? [Pagination] : [])]}
      onSwiper={(instance) => {
        swiper.current = instance;
      }}
      slidesPerView={slidesPerView}
      spaceBetween={gap}
      breakpoints={Object.fromEntries(Object.entries(breakpoints).map(([width, count]) => [width, { slidesPerView: count }]))}
      {...(speed ? { speed } : {})}
      // Swiper needs more slides than fit in view to loop.
      loop={loop && items.length > Math.max(slidesPerView, ...Object.values(breakpoints))}
      autoplay={autoplay}
      pagination={pagination ? { clickable: true, bulletElement: "button" } : false}
      keyboard={{ enabled: true, onlyInViewport: true, pageUpDown: false }}
      a11y={{
        containerMessage: label,
        containerRole: "region",
        containerRoleDescriptionMessage: "carousel",
        itemRoleDescriptionMessage: "slide",
        slideLabelMessage: "{{index}} of {{slidesLength}}",
      }}
      // WCAG 2.2.2: moving content pauses while a keyboard user is inside it.
      onFocus={() => swiper.current?.autoplay?.pause()}
      onBlur={() => swiper.current?.autoplay?.resume()}
      // The attributes the A11y module sets after start, already in the server HTML.
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
    >
      {items.map((item, index) => (
        <SwiperSlide key={itemKey(item)} role="group" aria-roledescription="slide" aria-label={slideLabel(index, items.length)}>
          {renderItem(item, index)}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

