import { LegalDocument, OPERATOR, OperatorIdentity, SupportEmail, type LegalSection } from "../../components/LegalDocument";
import { AppLink } from "../../components/AppLink";

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to these terms",
    content: (
      <>
        <p>
          These terms of use (the <strong>Terms</strong>) govern your use of this website and everything published on it (the <strong>Service</strong>). The
          Service is operated by <OperatorIdentity /> (<strong>DealPilot</strong>, <strong>we</strong>, <strong>us</strong>).
        </p>
        <p className="mb-0">
          These Terms apply worldwide: to every visitor, in every country from which the Service is accessed. By using the Service you accept them. If you do
          not accept them, please do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who may use the Service",
    content: (
      <p className="mb-0">
        You must be at least 18 years old to use the Service under these Terms, and able to enter into a binding agreement in your country. By using the Service
        you confirm that you are.
      </p>
    ),
  },
  {
    id: "the-service",
    title: "What the Service is",
    content: (
      <>
        <p>
          DealPilot publishes editorial reviews, comparisons, articles, coupon codes and deals for software and other digital services, and links to the
          websites of the providers that sell them. We are not a seller: we do not sell, supply or support any of the products we write about.
        </p>
        <p className="mb-0">
          When you buy from a provider, your contract is with that provider, on its terms and under its privacy policy. Questions about an order, a
          subscription, billing or a refund must go to the provider.
        </p>
      </>
    ),
  },
  {
    id: "affiliate-disclosure",
    title: "Affiliate links and editorial independence",
    content: (
      <p className="mb-0">
        Many links on the Service are affiliate links: if you buy after following one, the provider may pay us a commission, at no extra cost to you. Reviews
        are written by our editorial team, and commissions do not change our editorial standards, ratings or rankings. Partners do not influence our editorial
        judgement, and the final decision is always yours.
      </p>
    ),
  },
  {
    id: "offers-and-prices",
    title: "Offers, coupons and prices",
    content: (
      <p className="mb-0">
        We check offers regularly, but providers can change or withdraw prices, coupon codes, plans and availability at any time and without telling us. We do
        not guarantee that an offer is still valid, available in your country or suitable for you. Always confirm the final price and conditions on the
        provider&rsquo;s website before you buy.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    content: (
      <>
        <p>You agree not to:</p>
        <ul className="mb-0">
          <li>use the Service for any unlawful or fraudulent purpose, or to infringe anyone&rsquo;s rights;</li>
          <li>attempt to gain unauthorised access to the Service, its servers or the systems behind it, or probe or test their vulnerability;</li>
          <li>interfere with the Service, overload it, or spread malware through it;</li>
          <li>generate fake clicks, impressions or conversions on our links, or otherwise manipulate our affiliate or analytics data;</li>
          <li>frame or mirror the Service, or present its content as your own;</li>
          <li>
            copy or reuse our content except as the <a href="#intellectual-property">Intellectual property</a> section allows.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "scraping",
    title: "Automated access, scraping and AI",
    content: (
      <>
        <p>
          Automated or AI scraping of the Service is forbidden. Without our prior written permission, you may not use any robot, spider, crawler, scraper,
          browser automation, artificial-intelligence agent or other automated means to access, copy, extract, index or monitor the Service or its content, and
          you may not use our content to train, fine-tune, test or feed (for example through retrieval) any machine-learning or artificial-intelligence model or
          system, or to build a dataset or database.
        </p>
        <p>
          The only exception is general-purpose search engines that index public pages in line with our <code>robots.txt</code> file solely to show links to
          them in search results.
        </p>
        <p className="mb-0">
          We may block any access we believe to be automated. Because the harm caused by unauthorised extraction is hard to measure, you agree that each
          violation of this section or of the <a href="#intellectual-property">Intellectual property</a> section entitles us to damages of no less than INR
          5,00,000 per violation, in addition to any other remedy available to us, including an injunction.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    content: (
      <p className="mb-0">
        The Service and its content (text, reviews, ratings, comparisons, graphics, logos and software) belong to {OPERATOR} or its licensors and are protected
        by copyright, trademark and database laws. We give you a personal, non-exclusive, non-transferable and revocable licence to view the Service in a web
        browser and to share links to it. Any other use, including copying, republishing, selling or creating derivative works, needs our written permission.
        Provider names and logos belong to their owners and are used only to identify their products.
      </p>
    ),
  },
  {
    id: "third-party-sites",
    title: "Third-party websites",
    content: (
      <p className="mb-0">
        Links take you to websites we do not control. We are not responsible for their content, products, security or privacy practices, and a link is not an
        endorsement of everything on the linked site. Your use of those websites is at your own risk and under their terms.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    content: (
      <p className="mb-0">
        The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. Our reviews are opinions given for general information, not professional,
        financial, legal or insurance advice. To the fullest extent the law allows, we make no warranty that the Service is accurate, complete, uninterrupted or
        free of errors, or that any product is fit for your purpose.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    content: (
      <>
        <p>
          To the fullest extent the law allows, we are not liable for any indirect, incidental, special or consequential loss, or for loss of profits, data,
          savings or goodwill, arising from your use of the Service or of any product you buy through it.
        </p>
        <p className="mb-0">
          Our total liability to you for all claims relating to the Service is limited to USD 50. Nothing in these Terms limits liability that cannot be limited
          by law, such as liability for fraud, or for death or personal injury caused by negligence, or your statutory rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnity",
    content: (
      <p className="mb-0">
        You agree to compensate us for any claims, losses and reasonable costs (including legal fees) that arise from your breach of these Terms or your misuse
        of the Service.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to the Service and these Terms",
    content: (
      <p className="mb-0">
        We may change, suspend or discontinue any part of the Service at any time. We may also update these Terms; the date at the top shows when they last
        changed, and continuing to use the Service after a change means you accept the new version.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and disputes",
    content: (
      <p className="mb-0">
        These Terms are governed by the laws of the United Arab Emirates as applied in the Emirate of Dubai, and the courts of Dubai have jurisdiction over any
        dispute, except where the mandatory consumer protection law of your country gives you the right to bring a claim where you live. If any part of these
        Terms is found unenforceable, the rest remains in force.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    content: (
      <p className="mb-0">
        Questions about these Terms, or requests for permission to reuse our content, go to <SupportEmail />. How we handle personal data is explained in our{" "}
        <AppLink to="/privacy-policy">privacy policy</AppLink>.
      </p>
    ),
  },
];

export function TermsOfUsePage() {
  return (
    <LegalDocument
      title="Terms of Use"
      description="The terms that apply worldwide to everyone using DealPilot: eligibility, affiliate disclosure, acceptable use, the ban on automated and AI scraping, liability and governing law."
      keywords="DealPilot terms of use, terms and conditions, affiliate disclosure, scraping policy, limitation of liability"
      intro={
        <p className="lead mb-0">
          Please read these terms carefully. They explain what you can expect from DealPilot and what we expect from you when you use the site.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
