import { Carousel } from "../components/Carousel";
import { PageMeta } from "../components/PageMeta";
import { useRootData } from "../root-data";
import { AppLink } from "../components/AppLink";

/** Average rating from reviews on a search engine's business listing (spec: About page). */
const RATING = { value: 4.9, best: 5, source: "Google Reviews" } as const;

/** Bootstrap Icons "star-fill" (MIT). */
const STAR_PATH =
  "M3.612 15.443c-.386.198-.824-.149-.746-.592l.83-4.73L.173 6.765c-.329-.314-.158-.888.283-.95l4.898-.696L7.538.792c.197-.39.73-.39.927 0l2.184 4.327 4.898.696c.441.062.612.636.282.95l-3.522 3.356.83 4.73c.078.443-.36.79-.746.592L8 13.187l-4.389 2.256z";

function Stars() {
  const star = (key: number) => (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, inside the aria-hidden span below; the text next to it gives the rating
    <svg key={key} width="20" height="20" viewBox="0 0 16 16" fill="currentColor" className="me-1" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
  const row = [0, 1, 2, 3, 4].map(star);
  return (
    // Decorative: the text next to it says the same. Grey stars, with gold ones clipped to the score on top.
    <span className="position-relative d-inline-flex text-body-tertiary" aria-hidden="true">
      {row}
      <span
        className="position-absolute top-0 start-0 d-inline-flex overflow-hidden text-nowrap text-warning"
        style={{ width: `${Math.round((RATING.value / RATING.best) * 1000) / 10}%` }}
      >
        {row}
      </span>
    </span>
  );
}

/** The three cards of "Global Perspective, Local Relevance" (spec: audience, advanced contractor search, project management). */
const HOW_WE_HELP = [
  {
    label: "Who we serve",
    title: "Built for people choosing digital services",
    text: "Founders, freelancers, IT leads and households all face the same question: which software, antivirus, VPN, eSIM, finance or insurance plan is actually worth paying for? We write for them, in plain language, and we check prices, plans and availability for the regions our readers live in, so a recommendation that works in Berlin is not blindly repeated for Bangalore or Boston.",
  },
  {
    label: "Advanced contractor search",
    title: "Find the right provider, not just any provider",
    text: "Browse providers by category, compare them side by side and read what each one does well and where it falls short. Every store page gathers its current coupons and deals, our comparisons and our editorial reviews in one place, so you can narrow a long list of contractors down to a short one without opening twenty tabs.",
  },
  {
    label: "Project management",
    title: "Treat a purchase like a small project",
    text: "Good decisions follow steps: know what you need, shortlist, compare, try, then buy at the best price. Our comparisons, pros and cons and terms summaries are organised around those steps, and our editors revisit them on a schedule, so the plan you make today still holds when you are ready to check out.",
  },
] as const;

const PRINCIPLES = [
  {
    title: "How We Work",
    body: (
      <ul className="mb-0 ps-3">
        <li>
          <strong>Independent.</strong> Our editors choose what to review and how to rate it. Partners never see a review before it is published.
        </li>
        <li>
          <strong>Current.</strong> Offers, prices and coupon codes change constantly, so we re-check them regularly and remove what has expired.
        </li>
        <li>
          <strong>Practical.</strong> We focus on what matters when you pay: real costs after the introductory price, limits, cancellation terms and support.
        </li>
      </ul>
    ),
  },
  {
    title: "Our Commitment",
    body: (
      <p className="mb-0">
        We have no hidden agendas. Partners do not influence our editorial judgement: a commission never buys a better rating or a place in a list. We give you
        the facts and our honest view, and the final decision is always yours.
      </p>
    ),
  },
  {
    title: "A Global Brand with a Human Touch",
    body: (
      <p className="mb-0">
        We cover services sold all over the world, but every review is written and checked by people, not generated. Behind each recommendation is an editor who
        has compared the plans, read the small print and asked the questions you would ask.
      </p>
    ),
  },
  {
    title: "Disclaimer & Transparency",
    body: (
      <p className="mb-0">
        Some links on this site are affiliate links. If you buy through them we may earn a commission, at no extra cost to you. This is how we keep the site
        free, and it never changes our editorial standards or the order in which we rank providers. See our <AppLink to="/terms-of-use">terms of use</AppLink>{" "}
        and <AppLink to="/privacy-policy">privacy policy</AppLink> for details.
      </p>
    ),
  },
  {
    title: "Looking Ahead",
    body: (
      <p className="mb-0">
        We keep adding categories, regions and in-depth comparisons, and we keep improving how quickly expired deals disappear. If there is a service you would
        like us to review, <AppLink to="/contact-us">tell us</AppLink>.
      </p>
    ),
  },
] as const;

/** Spec: the about carousel has 1 slide, 2 from 680 px, 3 from 992 px. */
const CAROUSEL_BREAKPOINTS = { 680: 2, 992: 3 };
/** Spec section 4: carousels loop and autoplay (the About carousel's timing is not given:
 * the hero carousel's, section 9). Reduced motion stops it (swiper-start.ts). */
const CAROUSEL_AUTOPLAY_MS = 3000;
const CAROUSEL_SPEED_MS = 450;
const CAROUSEL_LABEL = "How we help you choose";

export function AboutPage() {
  const { site } = useRootData();
  return (
    <main className="container py-5">
      <PageMeta
        title="About us"
        description={`${site.name} publishes independent, regularly updated reviews, comparisons and verified deals for software and digital services, so you can choose with confidence.`}
        keywords={`about ${site.name}, independent software reviews, digital services comparison, verified coupons, editorial standards, affiliate disclosure`}
      />

      <section className="row align-items-center g-4 mb-5" aria-labelledby="about-intro">
        <div className="col-lg-8">
          <p className="text-primary-emphasis fw-semibold text-uppercase small mb-2">About {site.name}</p>
          <h1 id="about-intro" className="display-5 fw-bold mb-3">
            A Smarter Way to Choose
          </h1>
          <p className="lead text-body-secondary">
            Picking a software subscription, an antivirus, a mobile plan or an insurance product should not take a week of research. We do that research for
            you: we test and compare providers, explain the trade-offs in plain language and track the deals that are really worth having.
          </p>
        </div>
        <div className="col-lg-4">
          <div className="card bg-body-tertiary border-0 text-center">
            <div className="card-body p-4">
              <p className="display-4 fw-bold mb-1" aria-hidden="true">
                {RATING.value}
              </p>
              <Stars />
              <p className="mb-0 mt-2 text-body-secondary">
                <span className="visually-hidden">Rated </span>
                {`${RATING.value} out of ${RATING.best} on ${RATING.source}`}
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className="mb-5" aria-labelledby="about-global">
        <h2 id="about-global" className="h3 mb-2">
          Global Perspective, Local Relevance
        </h2>
        <p className="text-body-secondary mb-4">
          Digital services are sold worldwide, but prices, plans and rules differ from country to country. Here is how we turn that into advice you can use.
        </p>
        <Carousel
          className="about-carousel pb-5"
          label={CAROUSEL_LABEL}
          items={HOW_WE_HELP}
          itemKey={(card) => card.label}
          slidesPerView={1}
          breakpoints={CAROUSEL_BREAKPOINTS}
          gap={24}
          autoplayMs={CAROUSEL_AUTOPLAY_MS}
          speed={CAROUSEL_SPEED_MS}
          loop
          pagination
          renderItem={(card) => (
            <article className="card h-100">
              <div className="card-body p-4">
                <p className="badge text-bg-primary mb-3">{card.label}</p>
                <h3 className="h5 card-title">{card.title}</h3>
                <p className="card-text text-body-secondary mb-0">{card.text}</p>
              </div>
            </article>
          )}
        />
      </section>

      <section aria-labelledby="about-principles">
        <h2 id="about-principles" className="h3 mb-4">
          Our principles
        </h2>
        <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4">
          {PRINCIPLES.map((principle) => (
            <div className="col" key={principle.title}>
              <article className="card h-100 bg-body-tertiary border-0">
                <div className="card-body p-4">
                  <h3 className="h5 card-title mb-3">{principle.title}</h3>
                  <div className="card-text text-body-secondary">{principle.body}</div>
                </div>
              </article>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}
