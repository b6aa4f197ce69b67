import { beforeAll, describe, expect, it } from "vitest";
import type { Article, Author, ListResult } from "../../src/data/types";
import { linksNamed, parsePage, region, textIn } from "./dom";
import { pocketbase, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 53: an author's page (/authors/{name}/{id}): photo, bio, expertise, profiles elsewhere
 * (rel=me), their pieces newest first; every byline links there; Person structured data.
 */

const ORIGIN = testEnv.SITE_ORIGIN;
const CRAWLER = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } };
const segment = (text: string) => encodeURIComponent(text.toLowerCase());
const nameOf = (a: Pick<Author, "first_name" | "last_name">) => `${a.first_name} ${a.last_name}`;
const authorPath = (a: Author) => `/authors/${segment(nameOf(a))}/${a.id}`;

interface Piece {
  id: string;
  title: string;
  publish_time: string;
}

async function page(path: string): Promise<string> {
  const response = await visit(path, CRAWLER);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Titles of the pieces an author page lists, in order. */
const listedTitles = (html: string) => {
  const section = parsePage(html).querySelector('section[aria-labelledby="author-pieces"]');
  return [...(section?.querySelectorAll("article") ?? [])].map((card) => textIn(card.querySelector("h2 a[href], h3 a[href]")));
};

describe("author pages", () => {
  let author: Author;
  /** Their pieces across comparisons, advertorials and blog articles, newest first. */
  let pieces: Piece[];
  let html: string;

  beforeAll(async () => {
    const authors = (await pocketbase<ListResult<Author>>("/api/collections/_zdata_authors/records?perPage=50&sort=id")).items;
    const withPieces = await Promise.all(
      authors.map(async (a) => {
        const filter = encodeURIComponent(`authors.id ?= "${a.id}"`);
        const lists = await Promise.all(
          ["_zdata_comparisons", "_zdata_advertorials", "_zdata_articles"].map((c) =>
            pocketbase<ListResult<Piece>>(`/api/collections/${c}/records?perPage=200&fields=id,title,publish_time&filter=${filter}`),
          ),
        );
        return { a, pieces: lists.flatMap((l) => l.items) };
      }),
    );
    // The author with the most pieces: more than one page of them.
    const most = withPieces.sort((x, y) => y.pieces.length - x.pieces.length)[0]!;
    author = most.a;
    pieces = most.pieces.sort((a, b) => (a.publish_time === b.publish_time ? a.id.localeCompare(b.id) : a.publish_time < b.publish_time ? 1 : -1));
    html = await page(authorPath(author));
  });

  it("shows their photo, name, expertise, bio and profiles elsewhere, marked rel=me", () => {
    const header = parsePage(html).querySelector("main header")!;
    const portrait = header.querySelector(`img[src="/api/files/_zdata_authors/${author.id}/${author.avatar}"]`);
    expect(portrait?.getAttribute("alt")).toBe(`Portrait of ${nameOf(author)}`);
    const name = header.querySelector("h1");
    expect(textIn(name)).toBe(nameOf(author));
    expect(author.expertise).not.toBe("");
    // Their expertise right under their name.
    expect(textIn(name?.nextElementSibling)).toBe(author.expertise);
    expect(textIn(header)).toContain(textOf(author.about));
    const profiles = [...header.querySelectorAll("a[target=_blank]")];
    expect(profiles.map((a) => a.getAttribute("href"))).toEqual(author.social_links!.map((link) => link.url));
    for (const a of profiles) expect(a.getAttribute("rel")).toBe("me noopener");
    expect(textIn(header)).toContain(`${pieces.length} pieces published`);
  });

  it("lists their pieces newest first, ten a page; a page past the last is not found", async () => {
    expect(pieces.length).toBeGreaterThan(10);
    expect(listedTitles(html)).toEqual(pieces.slice(0, 10).map((p) => p.title));
    const second = await page(`${authorPath(author)}?page=2`);
    expect(listedTitles(second)).toEqual(pieces.slice(10, 20).map((p) => p.title));
    expect(second).toContain(`<link rel="canonical" href="${ORIGIN}${authorPath(author)}?page=2"/>`);
    const last = Math.ceil(pieces.length / 10);
    expect((await visit(`${authorPath(author)}?page=${last + 1}`)).status).toBe(404);
    expect((await visit(`${authorPath(author)}?page=abc`)).status).toBe(400);
  });

  it("is a ProfilePage whose main entity is the Person, with their profiles", () => {
    const nodes = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
      (m) => (JSON.parse(m[1]!) as { "@graph": Record<string, unknown>[] })["@graph"],
    );
    const url = `${ORIGIN}${authorPath(author)}`;
    expect(nodes.find((n) => n["@type"] === "ProfilePage")).toEqual({
      "@type": "ProfilePage",
      "@id": `${url}#profile`,
      url,
      mainEntity: {
        "@type": "Person",
        "@id": `${url}#person`,
        name: nameOf(author),
        url,
        description: textOf(author.about),
        knowsAbout: author.expertise,
        image: `${ORIGIN}/api/files/_zdata_authors/${author.id}/${author.avatar}`,
        sameAs: author.social_links!.map((link) => link.url),
        worksFor: { "@id": `${ORIGIN}/#organization` },
      },
    });
  });

  it("answers 301 to its own name segment, and 404 for an unknown author", async () => {
    const moved = await visit(`/authors/someone/${author.id}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(authorPath(author));
    expect((await visit("/authors/nobody/zzzzzzzzzzzzzzz")).status).toBe(404);
  });

  it("every byline links there: an article's heading and sidebar, and the list cards", async () => {
    const article = (
      await pocketbase<ListResult<Article>>(
        `/api/collections/_zdata_articles/records?perPage=1&sort=-publish_time&filter=${encodeURIComponent(`authors.id ?= "${author.id}"`)}&expand=authors`,
      )
    ).items[0]!;
    const lead = article.expand!.authors![0]!;
    const articleHtml = await page(`/blog/${segment(article.title)}/${article.id}`);
    const read = parsePage(articleHtml);
    // The heading's byline: 'By' and the name, a link.
    const byline = [...read.querySelectorAll("main header span")].find((span) => textIn(span) === `By ${nameOf(lead)}`);
    expect(linksNamed(byline!, nameOf(lead)).map((a) => a.getAttribute("href"))).toEqual([authorPath(lead)]);
    expect(linksNamed(region(read, "About the author")!, nameOf(lead)).map((a) => a.getAttribute("href"))).toEqual([authorPath(lead)]);
    // Each card's byline names its author with a link of their own (above the card's link).
    const cardBylines = [...parsePage(await page("/blog")).querySelectorAll("main article span")]
      .filter((span) => textIn(span).startsWith("By "))
      .map((span) => span.querySelector("a[href]"));
    expect(cardBylines.length).toBeGreaterThan(3);
    for (const link of cardBylines) expect(link?.getAttribute("href")).toMatch(new RegExp(`^/authors/${segment(textIn(link))}/[a-z0-9]{15}$`));
  });
});
