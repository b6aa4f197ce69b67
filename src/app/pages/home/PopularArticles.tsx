import { articlePath } from "../../../data/article-path";
import { fileUrl } from "../../../data/files";
import type { PopularArticles as PopularArticlesData, PopularItem } from "../../../data/home";
import { SPONSORED_LABEL } from "../../../lib/sponsored";
import { OutboundLink } from "../../components/OutboundLink";
import { CardPlaceholders, HomeSection, SectionContent } from "./HomeSection";
import type { SectionResult } from "./section-result";
import { AppLink } from "../../components/AppLink";

const IMAGE = { width: 600, height: 338 } as const;
const COLUMNS = "row-cols-1 row-cols-sm-2 row-cols-lg-3";
const KIND_LABELS: Record<PopularItem["kind"], string> = { advertorials: SPONSORED_LABEL, comparisions: "Comparison", banner: SPONSORED_LABEL };

function imageOf(item: PopularItem): string {
  const file = item.kind === "banner" ? item.image : item.featured_image || item.banner_image;
  return file ? fileUrl(item, file, `${IMAGE.width}x0`) : "";
}

function PopularCard({ item }: { item: PopularItem }) {
  const image = imageOf(item);
  const title = item.kind === "banner" ? item.name : item.title;
  const linkClass = "stretched-link text-reset text-decoration-none";
  return (
    <article className="card h-100 shadow-sm">
      <div className="ratio ratio-16x9 bg-body-secondary rounded-top overflow-hidden">
        {/* Banners are 3:1 artwork with text on it: shown whole rather than cropped. */}
        {image && (
          <img
            className={item.kind === "banner" ? "object-fit-contain" : "object-fit-cover"}
            src={image}
            alt=""
            width={IMAGE.width}
            height={IMAGE.height}
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="card-body">
        <p className="badge text-bg-light border mb-2">{KIND_LABELS[item.kind]}</p>
        <h3 className="h6 card-title mb-1">
          {item.kind === "banner" ? (
            <OutboundLink className={linkClass} to={item.url}>
              {title}
            </OutboundLink>
          ) : (
            <AppLink className={linkClass} to={articlePath(item)}>
              {title}
            </AppLink>
          )}
        </h3>
        {item.kind !== "banner" && item.subtitle && <p className="card-text small text-body-secondary mb-0">{item.subtitle}</p>}
      </div>
    </article>
  );
}

/** Spec Home, Popular articles: featured advertorials and comparisons and the banners,
 * shuffled on each load (the loader picks them; hydration keeps that order). Article
 * cards link to /{advertorials|comparisions}/{lowercased title}/{id}, banners to /goto. */
export function PopularArticles({ resolve }: { resolve: Promise<SectionResult<PopularArticlesData>> }) {
  return (
    <HomeSection id="popular-articles" title="Popular articles" viewAll={{ to: "/advertorials", label: "View All" }}>
      <SectionContent resolve={resolve} placeholder={<CardPlaceholders count={6} columns={COLUMNS} height={300} />}>
        {({ items }) => (
          <ul className={`row g-3 list-unstyled mb-0 ${COLUMNS}`}>
            {items.map((item) => (
              <li className="col" key={`${item.kind}-${item.id}`}>
                <PopularCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </HomeSection>
  );
}
