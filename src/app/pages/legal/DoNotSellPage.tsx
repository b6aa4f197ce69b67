import { OptOutControl } from "../../components/OptOutControl";
import { LegalDocument, LegalTable, OperatorIdentity, SupportEmail, type LegalSection } from "../../components/LegalDocument";
import { AppLink } from "../../components/AppLink";

const SECTIONS: LegalSection[] = [
  {
    id: "who-this-is-for",
    title: "Who this notice is for",
    content: (
      <p className="mb-0">
        This notice is for residents of California. It explains your right, under the California Consumer Privacy Act as amended by the California Privacy
        Rights Act (together, the <strong>CCPA</strong>), to opt out of the sale or sharing of your personal information by <OperatorIdentity />, which operates
        DealPilot. It supplements our <AppLink to="/privacy-policy">privacy policy</AppLink>.
      </p>
    ),
  },
  {
    id: "what-we-sell-or-share",
    title: "What we may sell or share",
    content: (
      <>
        <p>
          We do not sell personal information for money. But the CCPA defines &ldquo;sale&rdquo; and &ldquo;sharing&rdquo; broadly, and the following may fall
          within those definitions:
        </p>
        <LegalTable
          caption="Categories of personal information that may be sold or shared, and to whom"
          columns={["Category", "Examples", "Recipients"]}
          rows={[
            [
              "Identifiers",
              "Online identifiers in cookies, IP address, click identifiers in marketing parameters",
              "Google (analytics); affiliate networks and providers",
            ],
            ["Internet activity", "Pages viewed on DealPilot, offer links followed", "Google (analytics); affiliate networks and providers"],
            ["Approximate location", "Country or city derived from your IP address", "Google (analytics)"],
          ]}
        />
        <p className="mb-0">
          We do not collect sensitive personal information, and we do not knowingly sell or share the personal information of consumers under 16.
        </p>
      </>
    ),
  },
  {
    id: "how-to-opt-out",
    title: "How to opt out",
    content: (
      <>
        <p>You can opt out in any of these ways. You do not need an account, and we will not ask for more information than we need to act on it.</p>
        <div id="opt-out">
          <OptOutControl />
        </div>
        <ul>
          <li>
            <strong>With the button above:</strong> we keep your choice in a cookie in this browser, and while it is there we load no analytics and make no
            affiliate tracking calls for you.
          </li>
          <li>
            <strong>By email:</strong> write to <SupportEmail /> with the subject &ldquo;Do Not Sell or Share&rdquo;.
          </li>
          <li>
            <strong>With a browser signal:</strong> turn on Global Privacy Control (GPC) in your browser or a browser extension. We treat the signal as a valid
            opt-out request for that browser.
          </li>
        </ul>
        <p className="mb-0">
          You can also block analytics cookies in your browser, as our <AppLink to="/cookie-policy">cookie policy</AppLink> explains. An authorised agent may
          opt out on your behalf if they show us your signed permission.
        </p>
      </>
    ),
  },
  {
    id: "after-you-opt-out",
    title: "What happens after you opt out",
    content: (
      <p className="mb-0">
        We stop selling and sharing your personal information as soon as we can, and we tell the third parties we sold or shared it with after you made your
        request to stop too. We will not ask you to opt back in for at least 12 months, and after that only if you choose to.
      </p>
    ),
  },
  {
    id: "other-rights",
    title: "Your other California rights",
    content: (
      <>
        <p>You also have the right to know what personal information we collect and how we use it, to have it deleted, and to have it corrected.</p>
        <p className="mb-0">
          We acknowledge every request within 10 business days and respond within 45 days. If we need more time, we may extend this once by a further 45 days,
          and we tell you why within the first 45 days. We will not deny you the service, charge you a different price or give you a different quality of
          service because you used any of these rights.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    content: (
      <p className="mb-0">
        Questions about this notice or your California privacy rights go to <SupportEmail />.
      </p>
    ),
  },
];

export function DoNotSellPage() {
  return (
    <LegalDocument
      title="Do Not Sell or Share My Personal Information"
      description="For California residents: what personal information DealPilot may sell or share under the CCPA, and how to opt out by email or with Global Privacy Control."
      keywords="do not sell or share my personal information, CCPA opt-out, California privacy rights, Global Privacy Control, DealPilot"
      intro={
        <p className="lead mb-0">
          California residents can tell us not to sell or share their personal information. Here is what that covers and how to do it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
