import { SignUpForm } from "../components/SignUpForm";
import { CONSENT_WORDING, DIGEST_CONSENT, NEWSLETTER_FORM } from "../../lib/newsletter";
import { HOW_WE_RATE, HOW_WE_VERIFY_CODES } from "../../lib/method-pages";
import { useRootData } from "../root-data";
import { AppLink } from "../components/AppLink";
import { COOKIE_SETTINGS_HREF } from "../../lib/consent";

interface FooterLink {
  to: string;
  label: string;
}

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav className="col-6 col-md-3" aria-label={title}>
      <h2 className="h6 text-uppercase">{title}</h2>
      <ul className="list-unstyled small mb-0">
        {links.map((link) => (
          <li key={link.label} className="mb-2">
            <AppLink className="link-secondary text-decoration-none" to={link.to}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec Footer: every link (and issue 53's method pages), the two category filters (ids from
 * the settings record), the cookie settings (the consent choice), the copyright line. */
export function SiteFooter() {
  const { site } = useRootData();
  const categories = site.footerCategories.map((c) => ({ to: `/stores?catID=${encodeURIComponent(c.id)}`, label: c.title }));
  const columns: { title: string; links: FooterLink[] }[] = [
    {
      title: "Explore",
      links: [
        { to: "/offers", label: "Coupons & Deals" },
        { to: "/advertorials", label: "Advertorials" },
        { to: "/comparisions", label: "Comparisons" },
        { to: "/blog", label: "Blog" },
      ],
    },
    { title: "Categories", links: categories },
    {
      title: "Company",
      links: [
        { to: "/about-us", label: "About us" },
        { to: HOW_WE_VERIFY_CODES, label: "How we verify codes" },
        { to: HOW_WE_RATE, label: "How we rate" },
        { to: "/contact-us", label: "Contact us" },
        { to: "/contact-us", label: "Help center" },
        { to: "/contact-us", label: "Need help" },
      ],
    },
    {
      title: "Legal",
      links: [
        { to: "/cookie-policy", label: "Cookie policy" },
        // The consent choice, again (issue 51).
        { to: COOKIE_SETTINGS_HREF, label: "Cookie settings" },
        { to: "/terms-of-use", label: "Terms of use" },
        { to: "/privacy-policy", label: "Privacy policy" },
        { to: "/do-not-sell-or-share", label: "Do not sell or share my personal information" },
      ],
    },
  ];
  return (
    <footer className="border-top mt-5 bg-body-tertiary">
      <div className="container py-5">
        <section className="row g-3 align-items-center pb-4 mb-4 border-bottom" aria-labelledby="newsletter-heading">
          <div className="col-lg-6">
            <h2 id="newsletter-heading" className="h5 mb-1">
              Get the best deals in your inbox
            </h2>
            <p className="small text-body-secondary mb-0">{CONSENT_WORDING[DIGEST_CONSENT]}</p>
          </div>
          <div className="col-lg-6">
            <SignUpForm action="/newsletter" place={NEWSLETTER_FORM} consentVersion={DIGEST_CONSENT} buttonLabel="Subscribe" />
          </div>
        </section>
        <div className="row g-4">
          {columns.map((column) => (
            <LinkColumn key={column.title} {...column} />
          ))}
        </div>
      </div>
      <div className="border-top">
        <p className="container small text-body-secondary py-3 mb-0">
          {`© 2026 ${site.name}. Independent reviews of digital services. Designed and built by the ${site.name} team in Dubai.`}
        </p>
      </div>
    </footer>
  );
}
