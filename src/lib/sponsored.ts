/**
 * Paid content is labelled the same way everywhere, on the page itself and wherever it is
 * linked (FTC endorsement guides, ASA/CAP code): advertorials are "Sponsored", never a
 * "review" (issue 34).
 */
export const SPONSORED_LABEL = "Sponsored";

export const ADVERTORIAL_NOTICE =
  "This advertorial is paid content: a company it features paid for it. We may also earn a commission when you buy through its links.";
