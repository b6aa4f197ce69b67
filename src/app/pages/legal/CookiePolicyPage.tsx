import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_COOKIE_ATTRIBUTES } from "../../../lib/admin-session";
import type { CookieAttributes } from "../../../lib/cookies";
import { CONSENT_COOKIE, CONSENT_COOKIE_ATTRIBUTES, COOKIE_SETTINGS_ID } from "../../../lib/consent";
import { COUNTRY_COOKIE, COUNTRY_COOKIE_ATTRIBUTES } from "../../../lib/country-choice";
import { VOTES_COOKIE, VOTES_COOKIE_ATTRIBUTES } from "../../../lib/offer-feedback";
import { OPT_OUT_COOKIE, OPT_OUT_COOKIE_ATTRIBUTES } from "../../../lib/privacy";
import { TRACKING_COOKIE, TRACKING_COOKIE_ATTRIBUTES } from "../../../lib/tracking";
import { LegalDocument, LegalTable, SupportEmail, type LegalSection } from "../../components/LegalDocument";
import { AppLink } from "../../components/AppLink";
import { ConsentControl } from "../../components/ConsentControl";

/** Everything this site stores in a visitor's browser. Keep in step with the code: the
 * theme switcher (src/app/theme.ts), the analytics loader, tracking capture
 * (src/lib/tracking.ts), the do-not-sell opt-out (src/lib/privacy.ts), the offer votes
 * (src/lib/offer-feedback.ts), the country choice (src/lib/country-choice.ts), the consent
 * choice (src/lib/consent.ts) and the staff's report session (src/lib/admin-session.ts). */
const INVENTORY = [
  {
    name: "dealpilot-theme",
    type: "Local storage",
    setBy: "DealPilot (first party)",
    purpose: "Remembers the colour mode you chose: light, dark or auto.",
    duration: "No expiry: kept until you clear it or choose another mode",
    category: "Strictly necessary (preference)",
  },
  {
    name: "dp_admin",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose:
      "Set only for our own staff when they sign in on the site (marketers to read reports, sent only to /admin; editors to preview drafts, sent to every page): keeps them signed in. Visitors never get it.",
    duration: "12 hours, or until they sign out",
    category: "Strictly necessary (staff sign-in)",
  },
  {
    name: "dp_consent",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose:
      "Remembers whether you accepted or refused the analytics and campaign cookies (\u201cgranted\u201d or \u201cdenied\u201d), so we do not ask again on every page and run only what you accepted.",
    duration: "6 months, then we ask again",
    category: "Strictly necessary (your consent choice)",
  },
  {
    name: "dp_country",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose:
      "Set only when you choose a country under \u201cOffers for your country\u201d: remembers it (a two-letter country code), so we show you the offers valid there rather than those of the country your connection appears to come from.",
    duration: "1 year, or until you choose \u201cWhere I am\u201d",
    category: "Strictly necessary (preference)",
  },
  {
    name: "dp_optout",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose: "Remembers that you opted out of the sale or sharing of your personal information, so we load no analytics and make no affiliate tracking calls.",
    duration: "2 years, or until you opt back in",
    category: "Strictly necessary (your privacy choice)",
  },
  {
    name: "dp_trk",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose:
      "Keeps the campaign labels of the link that brought you here (utm_source, utm_medium, utm_campaign, utm_term, utm_content, utm_id, utm_g and the gclid / fbclid click ids), so partners can credit the visit when you follow an offer. Where consent is asked, only once you accept.",
    duration: "30 days",
    category: "Affiliate attribution (not essential)",
  },
  {
    name: "dp_votes",
    type: "Cookie",
    setBy: "DealPilot (first party)",
    purpose:
      "Set when you answer \u201cDid this code work?\u201d: lists the offers you voted on (offer ids only, at most the last 100), so each of your votes is counted once, and so the page can show which offers you have already voted on.",
    duration: "1 year",
    category: "Strictly necessary (the vote you asked for)",
  },
  {
    name: "tracking_data",
    type: "Local storage",
    setBy: "DealPilot (first party)",
    purpose: "A copy of the dp_trk campaign labels, kept in step with the cookie.",
    duration: "No expiry: kept until you clear it",
    category: "Affiliate attribution (not essential)",
  },
  {
    name: "_ga",
    type: "Cookie",
    setBy: "Google Analytics 4 (first-party cookie)",
    purpose: "Holds a random identifier that distinguishes one browser from another, so visits can be counted. Where consent is asked, only once you accept.",
    duration: "2 years",
    category: "Analytics (not essential)",
  },
  {
    name: "_ga_<measurement id>",
    type: "Cookie",
    setBy: "Google Analytics 4 (first-party cookie)",
    purpose:
      "Keeps the state of your current visit (session number and start time), so pages viewed can be counted per visit. Where consent is asked, only once you accept.",
    duration: "2 years",
    category: "Analytics (not essential)",
  },
] as const;

/** Each cookie's attributes, from the same constants the code sets them with, and why none
 * is tighter. Secure is on wherever the site is served over HTTPS. */
const ATTRIBUTES: { name: string; attributes: CookieAttributes; why: string }[] = [
  {
    name: ADMIN_SESSION_COOKIE,
    attributes: ADMIN_SESSION_COOKIE_ATTRIBUTES,
    why: "Sent only with requests from this site's own pages, only to the paths the account uses, and hidden from scripts: only the server reads it.",
  },
  {
    name: CONSENT_COOKIE,
    attributes: CONSENT_COOKIE_ATTRIBUTES,
    why: "Sent when you arrive from another site too, so your choice holds on the page you land on. Readable by the page, because the page checks it before it starts analytics; it holds only your choice.",
  },
  {
    name: COUNTRY_COOKIE,
    attributes: COUNTRY_COOKIE_ATTRIBUTES,
    why: "Sent when you arrive from another site too (a link in our newsletter, say), so the page you land on shows your country's offers. Hidden from scripts: only the server reads it.",
  },
  {
    name: OPT_OUT_COOKIE,
    attributes: OPT_OUT_COOKIE_ATTRIBUTES,
    why: "Sent only with requests from this site's own pages. Readable by the page, because the page checks it to keep analytics and affiliate tracking calls off before they start; it holds only the value 1.",
  },
  {
    name: TRACKING_COOKIE,
    attributes: TRACKING_COOKIE_ATTRIBUTES,
    why: "Sent when you open an offer link from another site too (for example from our newsletter), so the partner can still credit the visit. Readable by the page, because the page updates it when you move between pages without a reload.",
  },
  {
    name: VOTES_COOKIE,
    attributes: VOTES_COOKIE_ATTRIBUTES,
    why: 'Sent only with requests from this site\'s own pages, and hidden from scripts: only the server reads it, when you answer "Did this code work?".',
  },
  {
    name: "_ga, _ga_<measurement id>",
    attributes: { sameSite: "Strict", httpOnly: false },
    why: "Set and read by Google Analytics' script on this site only, which is why they cannot be hidden from scripts.",
  },
];

const yesNo = (on: boolean) => (on ? "Yes" : "No");

const SECTIONS: LegalSection[] = [
  {
    id: "what-are-cookies",
    title: "Cookies and local storage",
    content: (
      <>
        <p>
          A <strong>cookie</strong> is a small text file that a website stores in your browser and that is sent back with later requests to that website.{" "}
          <strong>Local storage</strong> is a similar store in your browser that only the page itself can read; it is never sent to a server.
        </p>
        <p className="mb-0">
          We keep both to a minimum. This policy lists everything DealPilot stores in your browser, why, and for how long. It complements our{" "}
          <AppLink to="/privacy-policy">privacy policy</AppLink>.
        </p>
      </>
    ),
  },
  {
    id: "inventory",
    title: "What this site stores",
    content: (
      <>
        <LegalTable
          caption="Cookies and local storage set by this site"
          columns={["Name", "Type", "Set by", "Purpose", "Duration", "Category"]}
          rows={INVENTORY.map((item) => [<code key="name">{item.name}</code>, item.type, item.setBy, item.purpose, item.duration, item.category])}
        />
        <p>
          The two analytics cookies are set by Google Analytics 4 only where an analytics measurement id is configured for the site. In the name{" "}
          <code>_ga_&lt;measurement id&gt;</code>, the placeholder stands for the site&rsquo;s Google Analytics 4 measurement ID without its <code>G-</code>{" "}
          prefix.
        </p>
        <p className="mb-0">Nothing else is stored: the table above is complete.</p>
      </>
    ),
  },
  {
    id: "cookie-attributes",
    title: "How each cookie is protected",
    content: (
      <>
        <LegalTable
          caption="Cookie attributes"
          columns={["Name", "Secure (HTTPS only)", "HttpOnly (hidden from scripts)", "SameSite", "Why"]}
          rows={ATTRIBUTES.map(({ name, attributes, why }) => [<code key="name">{name}</code>, "Yes", yesNo(attributes.httpOnly), attributes.sameSite, why])}
        />
        <p className="mb-0">
          <strong>SameSite=Strict</strong> means the browser sends the cookie only with requests that start on this site; <strong>Lax</strong> also with links
          you follow from other sites. Every cookie applies to the whole site (path /) and to this domain only.
        </p>
      </>
    ),
  },
  {
    id: "what-we-do-not-use",
    title: "What we do not use",
    content: (
      <ul className="mb-0">
        <li>No advertising or retargeting cookies, and no third-party tracking pixels.</li>
        <li>
          No cookies for the email sign-up forms: subscribing sets none. Our emails carry no tracking pixel; their links bring you to our pages with marketing
          parameters (utm_source=email), which the cookie above records like any other campaign.
        </li>
        <li>No cookies that identify you by name, email address or account: the site has no accounts.</li>
      </ul>
    ),
  },
  {
    id: "provider-websites",
    title: "Provider websites",
    content: (
      <p className="mb-0">
        When you follow an offer link, you leave DealPilot. The provider&rsquo;s website, and any affiliate network it uses, may set its own cookies, for
        example to credit your purchase to us. Those cookies are set on their domains under their own cookie policies, which we encourage you to read.
      </p>
    ),
  },
  {
    id: COOKIE_SETTINGS_ID,
    title: "Your consent",
    content: (
      <>
        <p>
          Visitors from the European Economic Area, the United Kingdom and Switzerland (by their connection, or the country they chose under &ldquo;Offers for
          your country&rdquo;) are asked first: until they accept, no analytics cookie or campaign cookie is set, no analytics or affiliate tracking call is
          made, and clicks on offers count anonymously. Elsewhere these run unless you refuse here. Either way, a Global Privacy Control or Do Not Track signal,
          or the do-not-sell opt-out, keeps them off.
        </p>
        <ConsentControl />
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices",
    content: (
      <>
        <ul className="mb-0">
          <li>
            <strong>Colour mode:</strong> choose another mode with the theme switcher, or clear this site&rsquo;s data in your browser settings to remove{" "}
            <code>dealpilot-theme</code>. The site then follows your system setting.
          </li>
          <li>
            <strong>Analytics and campaign cookies:</strong> accept or refuse them under <a href={`#${COOKIE_SETTINGS_ID}`}>Your consent</a>, at any time; you
            can also block or delete cookies in your browser settings. The site works fully without them.
          </li>
          <li>
            <strong>Privacy signals:</strong> we treat a Global Privacy Control signal from your browser as a request to opt out of the sale or sharing of your
            personal information; see <AppLink to="/do-not-sell-or-share">Do Not Sell or Share My Personal Information</AppLink>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p className="mb-0">
        If we start or stop storing anything in your browser, we update the table above and the date at the top of this page before the change goes live.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    content: (
      <p className="mb-0">
        Questions about cookies or this policy go to <SupportEmail />.
      </p>
    ),
  },
];

export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      description="Every cookie and local storage entry DealPilot sets, what it is for and how long it lasts, and your consent to the analytics and campaign cookies."
      keywords="DealPilot cookie policy, cookies, local storage, Google Analytics cookies, _ga, cookie inventory"
      intro={<p className="lead mb-0">We store as little as possible in your browser. Here is exactly what, and why.</p>}
      sections={SECTIONS}
    />
  );
}
