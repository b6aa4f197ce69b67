import { siteUrl } from "./browser";

async function firstLink(list: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(siteUrl() + list)).text();
  const href = html.match(pattern)?.[1];
  if (!href) throw new Error(`no link matching ${pattern} on ${list}`);
  return href;
}

/** Every screen of the site as [name, path], detail pages taken from their lists (whatever
 * the seed made), for the checkers that must see them all (axe, the Nu Html Checker). */
export async function everyScreen(): Promise<[string, string][]> {
  const comparison = await firstLink("/comparisions", /href="(\/comparisions\/[^"/?]+\/[a-z0-9]+)"/);
  return [
    ["home", "/"],
    ["search", "/search?q=vpn"],
    ["stores", "/stores"],
    ["store-page", await firstLink("/stores", /href="(\/stores\/[^"/?]+\/[a-z0-9]+)"/)],
    ["offers", "/offers"],
    ["advertorials", "/advertorials"],
    ["advertorial", await firstLink("/advertorials", /href="(\/advertorials\/[^"/?]+\/[a-z0-9]+)"/)],
    ["comparisons", "/comparisions"],
    ["comparison", comparison],
    ["blog", "/blog"],
    ["blog-article", await firstLink("/blog", /href="(\/blog\/[^"/?]+\/[a-z0-9]+)"/)],
    // Issue 53: a product (from a comparison's table), its alternatives (from the sitemap), an author, the method pages.
    ["product", await firstLink(comparison, /<th scope="row"><a href="(\/products\/[^"/?]+\/[a-z0-9]+)"/)],
    ["alternatives", await firstLink("/sitemap-alternatives-1.xml", /<loc>https?:\/\/[^/<]+(\/products\/[^<]+\/alternatives)<\/loc>/)],
    ["author", await firstLink("/blog", /href="(\/authors\/[^"/?]+\/[a-z0-9]+)"/)],
    ["how-we-verify-codes", "/how-we-verify-codes"],
    ["how-we-rate", "/how-we-rate"],
    ["about", "/about-us"],
    ["contact", "/contact-us"],
    ["privacy-policy", "/privacy-policy"],
    ["terms-of-use", "/terms-of-use"],
    ["cookie-policy", "/cookie-policy"],
    ["do-not-sell", "/do-not-sell-or-share"],
    ["not-found", "/not-found"],
    // Issue 51: the country choice in the site's frame, a code's own page (Get Code without
    // JavaScript), a search with a typo.
    ["country", "/country"],
    ["offer-code", `/offers/${await firstLink("/offers?type=coupon", /name="offer" value="([a-z0-9]+)"/)}/code`],
    ["search-typo", "/search?q=vpnn"],
  ];
}
