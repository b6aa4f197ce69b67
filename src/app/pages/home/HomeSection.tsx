import type { ReactNode } from "react";
import { Carousel, type CarouselLayout } from "../../components/Carousel";
import { Deferred } from "../../components/Deferred";
import type { SectionResult } from "./section-result";
import { AppLink } from "../../components/AppLink";

export interface ViewAllLink {
  to: string;
  /** 'View all' or 'View All', as the spec writes it for the section. */
  label: string;
}

/** A titled home section with an optional 'View all' link. */
export function HomeSection({ id, title, viewAll, children }: { id: string; title: string; viewAll?: ViewAllLink; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <section className="py-4" id={id} aria-labelledby={titleId}>
      <div className="d-flex align-items-baseline justify-content-between gap-3 mb-3">
        <h2 id={titleId} className="h4 mb-0">
          {title}
        </h2>
        {viewAll && (
          <AppLink className="link-primary text-nowrap" to={viewAll.to}>
            {viewAll.label}
            <span className="visually-hidden">{` ${title}`}</span>
          </AppLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** A section's streamed content: placeholders until the data arrives, then the content,
 * or a short notice when the read failed. */
export function SectionContent<T>({
  resolve,
  placeholder,
  children,
}: {
  resolve: Promise<SectionResult<T>>;
  placeholder: ReactNode;
  children: (value: T) => ReactNode;
}) {
  return (
    <Deferred resolve={resolve} fallback={placeholder}>
      {(result) => (result.ok ? children(result.value) : <SectionError />)}
    </Deferred>
  );
}

export function SectionError() {
  return <p className="text-body-secondary border rounded p-3 mb-0">This section could not be loaded just now. Please try again in a moment.</p>;
}

/** Card-shaped placeholders taking the room the content will take. */
export function CardPlaceholders({ count, columns, height }: { count: number; columns: string; height: number }) {
  return (
    <div className={`row g-3 ${columns}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count: the position is their only identity
        <div className="col" key={i}>
          <div className="card placeholder-glow" style={{ height }}>
            <span className="placeholder w-100 h-100 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Spec section 9: home carousels autoplay every 3000 ms and loop. */
const AUTOPLAY_MS = 3000;

/** A home section whose streamed items show in an autoplaying, looping carousel. */
export function CarouselSection<T extends { id: string }>({
  id,
  title,
  viewAll,
  label,
  resolve,
  placeholder,
  layout,
  renderItem,
}: {
  id: string;
  title: string;
  viewAll?: ViewAllLink;
  /** Accessible name of the carousel. */
  label: string;
  resolve: Promise<SectionResult<T[]>>;
  placeholder: ReactNode;
  layout: CarouselLayout;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <HomeSection id={id} title={title} viewAll={viewAll}>
      <SectionContent resolve={resolve} placeholder={placeholder}>
        {(items) => (
          <Carousel
            label={label}
            landmark={false}
            items={items}
            itemKey={(item) => item.id}
            renderItem={renderItem}
            {...layout}
            autoplayMs={AUTOPLAY_MS}
            loop
            pagination
            className="pb-5"
          />
        )}
      </SectionContent>
    </HomeSection>
  );
}
