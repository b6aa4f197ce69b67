import type { ComponentType } from "react";
import { PageMeta } from "../components/PageMeta";
import { useRootData } from "../root-data";

/** Flag of the United Arab Emirates (2:1; red hoist band, green, white and black stripes). */
function UaeFlag() {
  return (
    <svg role="img" aria-label="Flag of the United Arab Emirates" width="48" height="24" viewBox="0 0 12 6" className="border rounded-1 flex-shrink-0">
      <rect width="12" height="2" fill="#00732f" />
      <rect y="2" width="12" height="2" fill="#ffffff" />
      <rect y="4" width="12" height="2" fill="#000000" />
      <rect width="3" height="6" fill="#ff0000" />
    </svg>
  );
}

/** Flags by the office's country, as the settings record names it. */
const FLAGS: Record<string, ComponentType> = { "United Arab Emirates": UaeFlag };

export function ContactPage() {
  const { site } = useRootData();
  const { supportEmail, office } = site;
  const Flag = FLAGS[office.country];
  return (
    <main className="container py-5">
      <PageMeta
        title="Contact us"
        description={`Need help with ${site.name}? Write to our support team${office.city ? ` or visit our office in ${office.city}` : ""}. Our team is here to help.`}
        keywords={`contact ${site.name}, ${site.name} support, help center, customer support email${office.city ? `, ${site.name} office ${office.city}` : ""}`}
      />

      <header className="text-center mb-5">
        <h1 className="display-5 fw-bold">Need help?</h1>
        <p className="lead text-body-secondary mb-0">Our team is here to help</p>
      </header>

      <div className="row g-4 justify-content-center">
        <div className="col-md-10 col-lg-6">
          <section className="card h-100 bg-body-tertiary border-0" aria-labelledby="contact-write">
            <div className="card-body p-4 p-lg-5">
              <h2 id="contact-write" className="h4 card-title">
                Drop us a line
              </h2>
              <p className="card-text text-body-secondary">Write to us if you have any difficulties in working with the service.</p>
              {supportEmail && (
                <>
                  <a className="btn btn-primary btn-lg" href={`mailto:${supportEmail}`}>
                    Email us
                  </a>
                  <p className="small text-body-secondary mt-3 mb-0">
                    or write to <span className="user-select-all">{supportEmail}</span>
                  </p>
                </>
              )}
            </div>
          </section>
        </div>

        {office.city && (
          <div className="col-md-10 col-lg-6">
            <section className="card h-100 border-0 bg-body-tertiary" aria-labelledby="contact-offices">
              <div className="card-body p-4 p-lg-5">
                <h2 id="contact-offices" className="h4 card-title">
                  Our offices
                </h2>
                <p className="card-text text-body-secondary">Our editorial and support team works from one office.</p>
                <article className="d-flex gap-3 align-items-start" aria-labelledby="contact-office-city">
                  {Flag && <Flag />}
                  <div>
                    <h3 id="contact-office-city" className="h6 mb-1">
                      {office.city}
                    </h3>
                    <p className="small text-body-secondary mb-2">{office.country}</p>
                    <address className="mb-0">{office.address}</address>
                  </div>
                </article>
              </div>
            </section>
          </div>
        )}
      </div>
    </main>
  );
}
