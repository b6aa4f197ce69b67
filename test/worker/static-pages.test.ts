import { describe, expect, it } from "vitest";
import type { Website } from "../../src/data/types";
import manifest from "../../public/build/manifest.json";
import { assetsOf, linksNamed, parsePage, textIn } from "./dom";
import { htmlText, pocketbase, textOf, visit } from "./helpers";

/** Text with tags removed outright (adjacent cells and labels run together as React writes them). */
const textOfTight = (html: string) => textOf(html, "");

async function page(path: string): Promise<string> {
  const response = await visit(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  return response.text();
}

const site = () => pocketbase<Website>("/api/collections/websites/records/9");

/** Rows (cell texts) of the table with this caption. */
function tableRows(html: string, caption: string): string[][] {
  const table = [...html.matchAll(/<table\b[\s\S]*?<\/table>/g)].map((m) => m[0]).find((t) => t.includes(`>${caption}</caption>`));
  if (!table) throw new Error(`no table captioned "${caption}"`);
  const body = table.match(/<tbody>([\s\S]*?)<\/tbody>/)![1]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => textOfTight(cell[1]!)),
  );
}

function expectMeta(html: string, title: string): void {
  expect(html).toContain(`<title>${htmlText(title)} | DealPilot</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
  expect(html).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
}

describe("About page", () => {
  it("renders every section of the spec, with the 4.9 rating", async () => {
    const html = await page("/about-us");
    expectMeta(html, "About us");
    expect(html).toMatch(/<h1 [^>]*>A Smarter Way to Choose<\/h1>/);
    expect(html).toContain("4.9 out of 5 on Google Reviews");
    expect(html).toMatch(/<h2 [^>]*>Global Perspective, Local Relevance<\/h2>/);
    expect(html).toMatch(/<h2 [^>]*>Our principles<\/h2>/);
    for (const title of ["How We Work", "Our Commitment", "A Global Brand with a Human Touch", "Disclaimer & Transparency", "Looking Ahead"]) {
      expect(html).toMatch(new RegExp(`<h3 [^>]*>${htmlText(title)}</h3>`));
    }
    // How We Work: independent, current, practical. Our Commitment: the spec's three statements.
    for (const text of [
      "Independent.",
      "Current.",
      "Practical.",
      "We have no hidden agendas.",
      "Partners do not influence our editorial judgement",
      "the final decision is always yours",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("we may earn a commission");
  });

  it("server-renders the three-card carousel as a labelled region", async () => {
    const html = await page("/about-us");
    const carousel = parsePage(html).querySelector('[aria-roledescription="carousel"]');
    expect(carousel?.getAttribute("role")).toBe("region");
    expect(carousel?.getAttribute("aria-label")).toBeTruthy();
    const slides = [...(carousel?.querySelectorAll('[role="group"][aria-roledescription="slide"]') ?? [])];
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(slides.map((slide) => textIn(slide.querySelector("p")))).toEqual(["Who we serve", "Advanced contractor search", "Project management"]);
    // The place Swiper draws its pagination into (Swiper finds it by this class).
    expect(carousel?.querySelector(".swiper-pagination")).not.toBeNull();
  });

  it("puts the layout's slide widths in the head, before the slides, beside the one app stylesheet", async () => {
    const html = await page("/about-us");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(assetsOf(parsePage(html)).stylesheets).toEqual([manifest.css]);
    expect(head).toContain("carousel-1g24-680x2-992x3:not(.swiper-initialized) .swiper-slide{width:calc((100% - 0px) / 1);margin-right:24px}");
    expect(head).toContain("@media (min-width:992px){.carousel-1g24-680x2-992x3:not(.swiper-initialized) .swiper-slide{width:calc((100% - 48px) / 3)}}");
  });

  it("links no stylesheet of Swiper's own, on carousel pages or others (its rules are in the app's)", async () => {
    for (const path of ["/about-us", "/contact-us"]) expect(assetsOf(parsePage(await page(path))).stylesheets, path).toEqual([manifest.css]);
  });
});

describe("Do-not-sell opt-out control", () => {
  it("is a plain form posting the opt-out choice, with the saved choice shown from the address", async () => {
    const html = await page("/do-not-sell-or-share");
    const form = html.match(/<form[^>]*>/g)?.find((tag) => tag.includes('action="/privacy/opt-out"'));
    expect(form).toContain('method="post"');
    expect(html).toContain('<input type="hidden" name="choice" value="out"/>');
    expect(html).toContain(">Do not sell or share my personal information</button>");
    const saved = await page("/do-not-sell-or-share?choice=opted-out");
    expect(saved).toContain("You have opted out in this browser");
    expect(saved).toContain('<input type="hidden" name="choice" value="in"/>');
    expect(saved).toContain(">Opt back in</button>");
  });
});

describe("Contact page", () => {
  it("shows the spec's texts and a mail button to the support address from the site settings", async () => {
    const { support_email } = await site();
    expect(support_email).toMatch(/@/);
    const html = await page("/contact-us");
    expectMeta(html, "Contact us");
    expect(html).toMatch(/<h1 [^>]*>Need help\?<\/h1>/);
    expect(html).toContain("Our team is here to help");
    expect(html).toMatch(/<h2 [^>]*>Drop us a line<\/h2>/);
    expect(html).toContain("Write to us if you have any difficulties in working with the service.");
    expect(linksNamed(parsePage(html), "Email us").map((a) => a.getAttribute("href"))).toEqual([`mailto:${support_email}`]);
  });

  it("lists the office in Dubai, United Arab Emirates, with its flag and street address", async () => {
    const { office_city, office_country, office_address } = await site();
    expect([office_city, office_country]).toEqual(["Dubai", "United Arab Emirates"]);
    const html = await page("/contact-us");
    expect(html).toMatch(/<h3 [^>]*>Dubai<\/h3>/);
    expect(html).toContain(">United Arab Emirates</p>");
    expect(textIn(parsePage(html).querySelector("address"))).toBe(office_address);
    expect(html).toMatch(/<svg role="img" aria-label="Flag of the United Arab Emirates" width="48" height="24"/);
  });
});

const LEGAL = [
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    date: "28 November 2026",
    facts: [
      "DealPilot FZ-LLC</strong>, a company registered in the United Arab Emirates",
      "children under 16 in the European Union",
      "children under 13 in the United States",
      "we respond within 1 month of receiving your request",
      "we acknowledge your request within 10 business days and respond within 45 days",
      "extend this once by a further 45 days",
      "within 15 days",
      "Security logs:</strong> up to 12 months",
      "Affiliate and ad data</strong>",
      "stays in our site database for 400 days and in our archive copy for up to 24 months, then it is deleted",
    ],
  },
  {
    path: "/terms-of-use",
    title: "Terms of Use",
    date: "28 November 2026",
    facts: [
      "DealPilot FZ-LLC</strong>, a company registered in the United Arab Emirates",
      "These Terms apply worldwide",
      "You must be at least 18 years old to use the Service under these Terms",
      "Automated or AI scraping of the Service is forbidden.",
      "Our total liability to you for all claims relating to the Service is limited to USD 50.",
      "damages of no less than INR 5,00,000 per violation",
      "laws of the United Arab Emirates",
    ],
  },
  {
    path: "/cookie-policy",
    title: "Cookie Policy",
    date: "28 November 2026",
    facts: [
      "set by Google Analytics 4 only where an analytics measurement id is configured",
      "No advertising or retargeting cookies",
      "No cookies for the email sign-up forms: subscribing sets none.",
    ],
  },
  {
    path: "/do-not-sell-or-share",
    title: "Do Not Sell or Share My Personal Information",
    date: "28 November 2026",
    facts: [
      "This notice is for residents of California.",
      "DealPilot FZ-LLC</strong>, a company registered in the United Arab Emirates",
      "We do not sell personal information for money.",
      "Global Privacy Control",
      "We acknowledge every request within 10 business days and respond within 45 days.",
      "extend this once by a further 45 days",
    ],
  },
] as const;

describe("legal pages", () => {
  it.each(LEGAL)("$path states its facts, its date and the support address", async ({ path, title, date, facts }) => {
    const { support_email } = await site();
    const html = await page(path);
    expectMeta(html, title);
    expect(html).toMatch(new RegExp(`<h1 [^>]*>${htmlText(title)}</h1>`));
    expect(html).toMatch(new RegExp(`Last updated: <time [^>]*>${date}</time>`));
    for (const fact of facts) expect(html).toContain(fact);
    expect(html).toContain(`<a href="mailto:${htmlText(support_email)}">${htmlText(support_email)}</a>`);
  });

  it.each(LEGAL)("$path has a table of contents whose links reach its numbered sections", async ({ path }) => {
    const html = await page(path);
    const nav = html.match(/<nav [^>]*aria-labelledby="legal-contents"[^>]*>([\s\S]*?)<\/nav>/)?.[1];
    expect(nav).toBeDefined();
    const anchors = [...nav!.matchAll(/href="#([a-z0-9-]+)"/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThanOrEqual(5);
    const sections = [...html.matchAll(/<section [^>]*id="([a-z0-9-]+)"[^>]*>\s*<h2 [^>]*>(\d+)\. /g)].map((m) => [m[1], m[2]]);
    expect(sections).toEqual(anchors.map((id, i) => [id, String(i + 1)]));
  });

  it("the cookie policy's inventory lists exactly what the site stores", async () => {
    const html = await page("/cookie-policy");
    const rows = tableRows(html, "Cookies and local storage set by this site");
    expect(rows.map((r) => r[0])).toEqual([
      "dealpilot-theme",
      "dp_admin",
      "dp_consent",
      "dp_country",
      "dp_optout",
      "dp_trk",
      "dp_votes",
      "tracking_data",
      "_ga",
      "_ga_<measurement id>",
    ]);
    const [theme, staff, consent, country, optOut, tracking, votes, trackingCopy, ga, gaSession] = rows;
    // Issue 51: the consent choice is kept; what it governs is marked not essential.
    expect(consent).toEqual(expect.arrayContaining(["Cookie", "6 months, then we ask again", "Strictly necessary (your consent choice)"]));
    expect(country).toEqual(expect.arrayContaining(["Cookie", "DealPilot (first party)", "Strictly necessary (preference)"]));
    expect(country!.join(" ")).toMatch(/Offers for your country.*1 year/);
    expect(staff).toEqual(expect.arrayContaining(["Cookie", "12 hours, or until they sign out", "Strictly necessary (staff sign-in)"]));
    expect(votes).toEqual(expect.arrayContaining(["Cookie", "1 year", "DealPilot (first party)"]));
    // The page's script reads it (issue 34): no HttpOnly, and the policy says why.
    expect(votes!.join(" ")).toMatch(/Did this code work\?.*already voted on/);
    expect(votes!.join(" ")).not.toContain("HttpOnly");
    expect(optOut).toEqual(expect.arrayContaining(["Cookie", "2 years, or until you opt back in"]));
    expect(tracking).toEqual(expect.arrayContaining(["Cookie", "30 days", "Affiliate attribution (not essential)"]));
    expect(trackingCopy).toEqual(expect.arrayContaining(["Local storage", "Affiliate attribution (not essential)"]));
    expect(theme).toEqual(expect.arrayContaining(["Local storage", "Strictly necessary (preference)"]));
    expect(theme!.join(" ")).toMatch(/light, dark or auto/);
    expect(theme!.join(" ")).toMatch(/No expiry/);
    for (const row of [ga!, gaSession!]) {
      expect(row).toEqual(expect.arrayContaining(["Cookie", "2 years", "Analytics (not essential)"]));
      expect(row.join(" ")).toContain("Google Analytics 4");
    }
    expect(html).toMatch(/<th scope="col">Name<\/th>/);
    expect(html).toMatch(/<th scope="row"><code>dealpilot-theme<\/code><\/th>/);
  });

  it("the cookie policy offers the consent choice again, Accept and Reject alike, without JavaScript, and every footer links it", async () => {
    const html = await page("/cookie-policy");
    const section = html.slice(html.indexOf('id="cookie-choice"'), html.indexOf("</section>", html.indexOf('id="cookie-choice"')));
    const forms = [...section.matchAll(/<form [^>]*action="\/privacy\/consent" method="post">(.*?)<\/form>/gs)].map((m) => m[1]!);
    expect(forms).toHaveLength(2);
    expect(forms[0]).toContain('value="/cookie-policy?consent=granted#cookie-choice"');
    expect(forms[0]).toMatch(/<button type="submit" value="granted" class="btn btn-primary"[^>]* name="consent">Accept<\/button>/);
    expect(forms[1]).toMatch(/<button type="submit" value="denied" class="btn btn-primary"[^>]* name="consent">Reject<\/button>/);
    for (const path of ["/", "/about-us"]) {
      const footer = parsePage(await page(path)).querySelector("footer")!;
      expect(
        linksNamed(footer, "Cookie settings").map((link) => link.getAttribute("href")),
        path,
      ).toEqual(["/cookie-policy#cookie-choice"]);
    }
  });
});
