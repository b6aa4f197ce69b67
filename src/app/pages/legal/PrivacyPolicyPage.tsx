import { LegalDocument, LegalTable, OperatorIdentity, SupportEmail, type LegalSection } from "../../components/LegalDocument";
import { COOKIE_SETTINGS_HREF } from "../../../lib/consent";
import { AppLink } from "../../components/AppLink";

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    content: (
      <>
        <p>
          This website (the <strong>Site</strong>) is operated by <OperatorIdentity /> (<strong>DealPilot</strong>, <strong>we</strong>, <strong>us</strong>).
          We are the controller of the personal data described in this policy.
        </p>
        <p>
          This policy applies to every visitor, wherever you are. Where the law of your country gives you more rights than this policy describes, you have those
          rights too; the sections on your rights and on response times below explain how we handle requests under the EU and UK General Data Protection
          Regulation (GDPR), the California Consumer Privacy Act (CCPA) and the Brazilian General Data Protection Law (LGPD).
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    content: (
      <>
        <p>You can use the Site without an account and without telling us who you are. We collect only the following information:</p>
        <ul>
          <li>
            <strong>Technical and security data.</strong> When your browser requests a page, our hosting and content-delivery provider receives your IP address,
            browser and device type (user agent), the page requested, the referring page and the time. We use this to deliver the page and to protect the Site
            against abuse and automated scraping.
          </li>
          <li>
            <strong>Affiliate and advertising data.</strong> When you arrive from an advertisement or a partner link, the address may carry marketing parameters
            (such as <code>utm_source</code> or a click identifier). When you follow one of our offer links, we record that the link was used, which offer it
            was, the time and those parameters, so that the provider can credit us for the visit and we can report on our partnerships.
          </li>
          <li>
            <strong>Analytics data.</strong> Where analytics is enabled, Google Analytics 4 collects the pages you view, how you reached them, your approximate
            location (city or country, derived from your IP address), your device and browser type, and a random identifier stored in a cookie. In the European
            Economic Area, the United Kingdom and Switzerland this happens only once you accept, and you can change your choice at any time under{" "}
            <AppLink to={COOKIE_SETTINGS_HREF}>Cookie settings</AppLink>. See our <AppLink to="/cookie-policy">cookie policy</AppLink>.
          </li>
          <li>
            <strong>Your preferences.</strong> Your choice of light, dark or automatic colour mode is stored in your own browser and is never sent to us.
          </li>
          <li>
            <strong>Messages you send us.</strong> If you email us, we receive your email address, your name if you give it, and what you write.
          </li>
          <li>
            <strong>Emails you ask for.</strong> If you sign up for our deals digest or for a store&rsquo;s new codes, we store your email address, what you
            asked for, the wording of the form you used (by version), the page you used it on, the time you asked and the time you confirmed, and the country
            your connection came from (so alerts carry that country&rsquo;s offers). We keep a log of each email we send you (when, what kind, which offers). We
            send nothing until you confirm with the link in our first email, and every email has a one-click unsubscribe link and a link to change what you get.
          </li>
        </ul>
        <p className="mb-0">
          We do not ask for, and ask you not to send us, sensitive data such as health, financial account or government identification details.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How we use information and our legal bases",
    content: (
      <>
        <LegalTable
          caption="Purposes of processing and the legal basis for each"
          columns={["Purpose", "Data used", "Legal basis (GDPR / LGPD)"]}
          rows={[
            ["Delivering the Site and keeping it secure", "Technical and security data", "Our legitimate interest in running a safe, working website"],
            [
              "Crediting our visits and sales to partners",
              "Affiliate and advertising data",
              "Your consent where the law requires it (the campaign cookie); otherwise our legitimate interest in funding the Site through affiliate commissions",
            ],
            ["Understanding which content is useful", "Analytics data", "Your consent where the law requires it; otherwise our legitimate interest"],
            [
              "Sending the digest and store alerts you asked for, and proving that you asked",
              "Emails you ask for",
              "Your consent, given when you confirm; you can withdraw it at any time with one click",
            ],
            [
              "Answering your messages and requests",
              "Messages you send us",
              "Our legitimate interest in helping you, or our legal obligation for privacy requests",
            ],
            [
              "Meeting legal obligations and defending claims",
              "Any of the above, as needed",
              "Legal obligation; our legitimate interest in establishing or defending legal claims",
            ],
          ]}
        />
        <p className="mb-0">
          We do not use your data for automated decisions that have legal or similarly significant effects on you, and we do not build individual profiles to
          target you with advertising.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share information with",
    content: (
      <>
        <p>We do not sell your personal information for money. We share it only with:</p>
        <ul>
          <li>
            <strong>Service providers</strong> that host and deliver the Site, store its content and deliver our emails (an email delivery service such as
            Amazon SES or Postmark), acting on our instructions.
          </li>
          <li>
            <strong>Google</strong>, as the provider of Google Analytics, where analytics is enabled.
          </li>
          <li>
            <strong>Affiliate networks and providers</strong> whose offers you choose to follow, which receive the click and its marketing parameters so they
            can attribute a purchase to us.
          </li>
          <li>
            <strong>Authorities, courts and advisers</strong> where the law requires it or where it is needed to protect our rights, visitors or the Site.
          </li>
          <li>
            <strong>A buyer or successor</strong> if our business or the Site is transferred, under the same protections as this policy.
          </li>
        </ul>
        <p className="mb-0">
          Under Californian law, passing analytics and affiliate data to third parties may count as a &ldquo;sale&rdquo; or &ldquo;sharing&rdquo;. Californian
          residents can opt out as described on our <AppLink to="/do-not-sell-or-share">Do Not Sell or Share My Personal Information</AppLink> page.
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    content: (
      <p className="mb-0">
        We are based in the United Arab Emirates and our service providers operate servers in many countries, so your data may be processed outside the country
        where you live. When data from the European Economic Area, the United Kingdom or Brazil goes to a country without an adequacy decision, we rely on the
        standard contractual clauses approved for that purpose, or another transfer mechanism the law recognises.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep information",
    content: (
      <>
        <ul>
          <li>
            <strong>Security logs:</strong> up to 12 months, then deleted, unless a log is needed to investigate a specific incident.
          </li>
          <li>
            <strong>Affiliate and ad data</strong> (click and impression records, marketing parameters, partner reports and analytics measurements): each click
            or impression record stays in our site database for 400 days and in our archive copy for up to 24 months, then it is deleted. After 400 days we keep
            only daily totals (how many clicks a day per campaign, store, offer, country and device), which identify no one.
          </li>
          <li>
            <strong>Messages and privacy requests:</strong> as long as we need to answer you and to show that we handled your request correctly.
          </li>
          <li>
            <strong>Email sign-ups not confirmed:</strong> deleted 30 days after our confirmation email. A confirmation link works for 7 days.
          </li>
          <li>
            <strong>Your email subscriptions</strong> (address, choices, and the record of your consent): while you are subscribed. When you unsubscribe, we
            stop at once and keep only your address, the record of your consent and when you left, and the log of what we sent, so that we can show we honoured
            your choice and never write to you again unasked; ask us to delete them and we will.
          </li>
        </ul>
        <p className="mb-0">Your colour-mode choice stays in your browser until you clear it; we never hold a copy.</p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    content: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>know whether we process your personal data and get a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted;</li>
          <li>restrict or object to our processing, including processing based on our legitimate interests;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw your consent at any time, without affecting processing that took place before;</li>
          <li>
            opt out of the sale or sharing of your personal information (see our <AppLink to="/do-not-sell-or-share">Do Not Sell or Share</AppLink> page);
          </li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p className="mb-0">
          To use any of these rights, email <SupportEmail />. Because we do not run user accounts, we may ask for details that let us find your data (for
          example the approximate time of your visit or the email address you wrote from) and to confirm that the request is yours. We will never discriminate
          against you for using your rights.
        </p>
      </>
    ),
  },
  {
    id: "response-times",
    title: "How quickly we respond",
    content: (
      <ul className="mb-0">
        <li>
          <strong>GDPR (European Economic Area and United Kingdom):</strong> we respond within 1 month of receiving your request. If a request is complex or one
          of many, we tell you within that month why we need longer and how long it will take, as the law allows.
        </li>
        <li>
          <strong>CCPA (California):</strong> we acknowledge your request within 10 business days and respond within 45 days. If we need more time, we may
          extend this once by a further 45 days, and we tell you the reason within the first 45 days.
        </li>
        <li>
          <strong>LGPD (Brazil):</strong> we respond to requests for confirmation of, or access to, your data within 15 days.
        </li>
        <li>
          <strong>Everywhere else:</strong> we aim to respond within 1 month, and always within the time set by your local law.
        </li>
      </ul>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p className="mb-0">
        The Site is for adults and is not directed to children. We do not knowingly collect personal data from children under 16 in the European Union (or the
        European Economic Area) or from children under 13 in the United States. If you believe a child has sent us personal data, write to <SupportEmail /> and
        we will delete it.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    content: (
      <p className="mb-0">
        The Site is served only over encrypted connections (HTTPS), access to our systems is limited to the people who need it, and our providers are bound to
        keep data confidential and secure. No system is perfectly secure, but we work to protect your data and will notify you and the authorities of a breach
        where the law requires it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p className="mb-0">
        We may update this policy as the Site or the law changes. The date at the top shows when it last changed; for material changes we will also show a
        notice on the Site.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    content: (
      <p className="mb-0">
        For any question about this policy or your data, write to <SupportEmail />. Our postal details are on our{" "}
        <AppLink to="/contact-us">contact page</AppLink>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How DealPilot collects, uses, shares and protects personal data, how long we keep it, and how to use your rights under the GDPR, CCPA and LGPD."
      keywords="DealPilot privacy policy, personal data, GDPR, CCPA, LGPD, data retention, privacy rights"
      intro={
        <p className="lead mb-0">
          Your privacy matters to us. This policy explains, in plain language, what information we collect when you visit DealPilot, why we collect it and the
          choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
