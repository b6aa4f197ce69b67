import type { ReactNode } from "react";
import { Carousel } from "../../components/Carousel";
import { AppLink } from "../../components/AppLink";

/** Spec section 9: the hero images autoplay every 3000 ms, speed 450 ms, loop. */
const AUTOPLAY_MS = 3000;
const SPEED_MS = 450;
const ART = { width: 320, height: 200 } as const;

/** Drawn in currentColor and Bootstrap's body colours, so both follow the colour mode. */
function CouponArt() {
  return (
    <svg className="text-primary img-fluid" width={ART.width} height={ART.height} viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M40 40h240a12 12 0 0 1 12 12v28a20 20 0 0 0 0 40v28a12 12 0 0 1-12 12H40a12 12 0 0 1-12-12v-28a20 20 0 0 0 0-40V52a12 12 0 0 1 12-12z"
      />
      <path stroke="var(--bs-body-bg)" strokeWidth="4" strokeDasharray="10 8" d="M112 52v96" />
      <circle cx="168" cy="80" r="14" fill="none" stroke="var(--bs-body-bg)" strokeWidth="8" />
      <circle cx="236" cy="124" r="14" fill="none" stroke="var(--bs-body-bg)" strokeWidth="8" />
      <path stroke="var(--bs-body-bg)" strokeWidth="10" strokeLinecap="round" d="M244 68l-84 64" />
      <path fill="var(--bs-body-bg)" d="M58 86h30v8H58zm0 20h30v8H58z" opacity=".7" />
    </svg>
  );
}

function CompareArt() {
  return (
    <svg className="text-success img-fluid" width={ART.width} height={ART.height} viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <rect x="30" y="30" width="120" height="140" rx="12" fill="currentColor" opacity=".2" />
      <rect x="170" y="30" width="120" height="140" rx="12" fill="currentColor" />
      <path stroke="currentColor" strokeWidth="8" strokeLinecap="round" d="M52 70h76M52 100h56M52 130h66" opacity=".6" />
      <path stroke="var(--bs-body-bg)" strokeWidth="8" strokeLinecap="round" d="M192 70h60M192 100h76M192 130h50" />
      <circle cx="270" cy="48" r="24" fill="var(--bs-warning)" />
      <path stroke="var(--bs-dark)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" fill="none" d="M259 48l8 8 14-16" />
    </svg>
  );
}

interface Slide {
  id: string;
  art: ReactNode;
  title: string;
  text: string;
  link: { to: string; label: string };
}

/** The home page's two fixed images, each with what it promotes. */
const SLIDES: readonly Slide[] = [
  {
    id: "coupons",
    art: <CouponArt />,
    title: "Pay less for the services you already use",
    text: "Coupon codes and deals from hundreds of stores, checked by our editors before they go live.",
    link: { to: "/offers", label: "Browse coupons & deals" },
  },
  {
    id: "compare",
    art: <CompareArt />,
    title: "Compare before you commit",
    text: "Side-by-side comparisons of plans, prices and small print, so the choice is quick and yours.",
    link: { to: "/comparisions", label: "Read our comparisons" },
  },
];

function SlideCard({ slide }: { slide: Slide }) {
  return (
    <div className="card h-100 border-0 bg-body-tertiary">
      <div className="card-body row align-items-center g-4 p-4">
        <div className="col-md-5 text-center">{slide.art}</div>
        <div className="col-md-7">
          <h3 className="h4">{slide.title}</h3>
          <p className="text-body-secondary">{slide.text}</p>
          <AppLink className="btn btn-outline-primary" to={slide.link.to}>
            {slide.link.label}
          </AppLink>
        </div>
      </div>
    </div>
  );
}

/** Spec Home, image slider: the two fixed images, one at a time. */
export function ImageSlider() {
  return (
    <section className="py-4" aria-label="Highlights">
      <Carousel
        label="Highlights"
        landmark={false}
        items={SLIDES}
        itemKey={(slide) => slide.id}
        renderItem={(slide) => <SlideCard slide={slide} />}
        slidesPerView={1}
        gap={24}
        autoplayMs={AUTOPLAY_MS}
        speed={SPEED_MS}
        loop
        pagination
        className="pb-5"
      />
    </section>
  );
}
