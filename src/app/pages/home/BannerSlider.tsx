import type { CSSProperties } from "react";
import type { HomeBanner } from "../../../data/banners";
import { fileUrl } from "../../../data/files";
import { OutboundLink } from "../../components/OutboundLink";
import { CardPlaceholders, CarouselSection } from "./HomeSection";
import type { SectionResult } from "./section-result";

/** Spec section 9: 1 slide per view, 2 from 500 px, 3 from 992 px, gap 24 (autoplay 3000 ms, looping). */
const LAYOUT = { slidesPerView: 1, breakpoints: { 500: 2, 992: 3 }, gap: 24 } as const;
/** Banners are 3:1 artwork. */
const IMAGE = { width: 600, height: 200 } as const;
const IMAGE_BOX: CSSProperties = { "--bs-aspect-ratio": `${(IMAGE.height / IMAGE.width) * 100}%` } as CSSProperties;

function BannerCard({ banner }: { banner: HomeBanner }) {
  return (
    <OutboundLink className="card h-100 text-decoration-none text-body shadow-sm" to={banner.url}>
      <span className="ratio rounded-top overflow-hidden bg-body-secondary" style={IMAGE_BOX}>
        {banner.image && (
          <img
            className="object-fit-cover"
            src={fileUrl(banner, banner.image, `${IMAGE.width}x0`)}
            alt=""
            width={IMAGE.width}
            height={IMAGE.height}
            loading="lazy"
            decoding="async"
          />
        )}
      </span>
      <span className="card-body small fw-semibold">{banner.name}</span>
    </OutboundLink>
  );
}

/** Spec Home, top-offers banner cards (name, image, url): each opens the partner through
 * /goto in a new tab. */
export function BannerSlider({ resolve }: { resolve: Promise<SectionResult<HomeBanner[]>> }) {
  return (
    <CarouselSection
      id="top-offers"
      title="Top offers"
      label="Top offers"
      resolve={resolve}
      placeholder={<CardPlaceholders count={3} columns="row-cols-1 row-cols-sm-2 row-cols-lg-3" height={170} />}
      layout={LAYOUT}
      renderItem={(banner) => <BannerCard banner={banner} />}
    />
  );
}
