import { COUNTDOWN_DAYS, EXPIRED_SHOWN, EXPIRED_WITHIN_DAYS, MIN_VOTES, VERIFIED_WITHIN_DAYS } from "../../../lib/offer-labels";
import { HOW_WE_RATE } from "../../../lib/method-pages";
import { AppLink } from "../../components/AppLink";
import { LegalDocument, SupportEmail, type LegalSection } from "../../components/LegalDocument";

/**
 * Issue 53: how codes are found, verified and ended, as the site actually does it. Every
 * figure is the constant the cards and lists apply (src/lib/offer-labels.ts), so the page and
 * the site cannot say different things; the rules are docs/offer-lifecycle.md's.
 */
const SECTIONS: LegalSection[] = [
  {
    id: "where-codes-come-from",
    title: "Where our codes and deals come from",
    content: (
      <>
        <p>
          Our editors add every coupon and deal by hand, from the store's own site or its affiliate programme: the store it belongs to, its terms, the partner
          link it leads to and, when the store says, the day it starts and the day it ends. Nothing goes live until an editor publishes it, and an offer shows
          only while its store is published too.
        </p>
        <p>
          Before an offer is saved, our system checks it: a coupon must have a code or a link to use, a link must be a secure (https) address of a real site,
          and an offer cannot end before it starts. Offers valid in some countries only are shown as such: visitors elsewhere see them under &ldquo;Not
          available in &hellip;&rdquo;, without their code or link.
        </p>
      </>
    ),
  },
  {
    id: "dates",
    title: "Start and end dates",
    content: (
      <>
        <p>
          An offer appears at the moment it starts and leaves every list, count and search result at the moment it ends (dates are in UTC). Pages kept in our
          caches are never served past an offer's start or end, and a page left open in your browser updates itself a second after.
        </p>
        <p>
          Each card says when its offer ends: &ldquo;Ends today&rdquo;, &ldquo;Expires in N days&rdquo; for the last {COUNTDOWN_DAYS} days, or its date before
          that. An offer without an end date runs until an editor ends it. We never write &ldquo;hurry&rdquo; or &ldquo;last chance&rdquo;: an offer's dates say
          when it ends.
        </p>
      </>
    ),
  },
  {
    id: "verified",
    title: "What \u201cVerified\u201d means",
    content: (
      <>
        <p>
          &ldquo;Verified N days ago&rdquo; on a card means one of our editors used the code or the deal at the store on that day and it worked, and recorded
          the date. The mark shows for {VERIFIED_WITHIN_DAYS} days after that check and then disappears until someone checks the offer again. No badge can say
          &ldquo;Verified&rdquo; instead: the mark comes from the date of the check alone.
        </p>
        <p>
          Our editors work from two lists: the offers ending in the next 7 days, and the live offers nobody has checked for {VERIFIED_WITHIN_DAYS} days. On a
          store's page the featured offers come first, then the most recently verified, then those that worked for the most visitors.
        </p>
      </>
    ),
  },
  {
    id: "votes",
    title: "\u201cDid this code work?\u201d",
    content: (
      <>
        <p>
          Once you have revealed a code (or straight away for a deal), the card asks whether it worked. Your answer is counted once per offer and browser;
          answers from automated visitors are not counted, and nobody, our editors included, can type a count in: only your answers raise it.
        </p>
        <p>
          From {MIN_VOTES} answers a card shows how many it worked for, such as &ldquo;87% worked &middot; 23 votes&rdquo;. Fewer answers say too little, so the
          card shows none. &ldquo;Used N times today&rdquo; counts the visitors who followed the offer's link in the last 24 hours, each once a day.
        </p>
      </>
    ),
  },
  {
    id: "ended",
    title: "When an offer ends",
    content: (
      <>
        <p>
          An ended offer leaves every list at once. For {EXPIRED_WITHIN_DAYS} days it is still named under &ldquo;Expired coupons&rdquo; on its store's page
          (the {EXPIRED_SHOWN} most recent), with the day it ended and without its code or link, so you can tell an old code from a new one.
        </p>
        <p>
          A link to an ended offer, shared or bookmarked before it ended, leads to a page saying the offer ended on its date and listing the store's live offers
          instead; it does not take you to the store. An editor can also take an offer off the site at any time: then it shows nowhere.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "A code that did not work",
    content: (
      <p>
        Tell us on the card (&ldquo;No&rdquo;), or write to <SupportEmail /> with the store and the code. How we rate products and stores is on{" "}
        <AppLink to={HOW_WE_RATE}>how we rate</AppLink>.
      </p>
    ),
  },
];

export function HowWeVerifyCodesPage() {
  return (
    <LegalDocument
      title="How we find, verify and end codes"
      description="How DealPilot's editors add coupon codes and deals, what 'Verified' means, how visitors' votes are counted and what happens when an offer ends."
      keywords="verified coupon codes, how coupons are checked, coupon votes, expired coupons"
      updated={{ iso: "2026-11-28", text: "November 28, 2026" }}
      intro={<p className="lead">What a card tells you about a code, and how we know it.</p>}
      sections={SECTIONS}
    />
  );
}
