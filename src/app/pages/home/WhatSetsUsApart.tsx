/** Bootstrap Icons "patch-check-fill" (MIT). */
const CHECK_PATH =
  "M10.067.87a2.89 2.89 0 0 0-4.134 0l-.622.638-.89-.011a2.89 2.89 0 0 0-2.924 2.924l.01.89-.636.622a2.89 2.89 0 0 0 0 4.134l.637.622-.011.89a2.89 2.89 0 0 0 2.924 2.924l.89-.01.622.636a2.89 2.89 0 0 0 4.134 0l.622-.637.89.011a2.89 2.89 0 0 0 2.924-2.924l-.01-.89.636-.622a2.89 2.89 0 0 0 0-4.134l-.637-.622.011-.89a2.89 2.89 0 0 0-2.924-2.924l-.89.01zm.287 5.984-3 3a.5.5 0 0 1-.708 0l-1.5-1.5a.5.5 0 1 1 .708-.708L7 8.793l2.646-2.647a.5.5 0 0 1 .708.708";

const POINTS = [
  { title: "Checked by people", text: "Every code and deal is tried by an editor before it is listed, and removed as soon as it stops working." },
  { title: "Independent ratings", text: "Partners never buy a better score or a higher place. Our reviews say what we found, good and bad." },
  { title: "Prices for your region", text: "We check plans and availability where our readers live, not just where a provider is based." },
  { title: "Free to use", text: "Affiliate commissions keep the site free; they never change the price you pay or what we recommend." },
] as const;

/** Spec Home: the static 'What sets us apart?' block. */
export function WhatSetsUsApart() {
  return (
    <section className="py-4" aria-labelledby="apart-title">
      <h2 id="apart-title" className="h4 mb-3">
        What sets us apart?
      </h2>
      <ul className="row row-cols-1 row-cols-md-2 row-cols-lg-4 g-4 list-unstyled mb-0">
        {POINTS.map((point) => (
          <li className="col d-flex gap-3" key={point.title}>
            <svg className="flex-shrink-0 text-primary" width="28" height="28" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
              <path d={CHECK_PATH} />
            </svg>
            <div>
              <h3 className="h6 mb-1">{point.title}</h3>
              <p className="small text-body-secondary mb-0">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
