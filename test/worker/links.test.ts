import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_REDIRECT_VECTORS } from "../support/redirect-vectors";
import { parsePage, textIn } from "./dom";
import { pocketbaseWriter, postForm, signInOnSite, siteAccount, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 52, the builder (/admin/links) and PocketBase's rules for short links: who may make
 * them (marketers only; not visitors, editors, or anyone through the public API), the slug
 * rules (case, uniqueness, reserved words, form, a slug that never changes and never comes
 * back), and destinations that are pages of this site or offers, never anything else (the
 * open-redirect corpus). What /l/{slug} does: links-edge.test.ts.
 */

const writer = await pocketbaseWriter();
let marketer: { id: string; email: string; password: string };
let editor: { email: string; password: string };
let session: string;
let marketerToken: string;
let offer: { id: string; cta_url: string };

const run = crypto.randomUUID().slice(0, 6);
const slugOf = (name: string) => `${name}-${run}`;

async function tokenOf(collection: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: account.email, password: account.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** PocketBase's REST API straight, as a client outside the site would call it. */
function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", init.token);
  if (init.body) headers.set("Content-Type", "application/json");
  return fetch(`${testEnv.POCKETBASE_URL}/api/collections/short_links/records${path}`, { ...init, headers });
}

interface Link {
  id: string;
  slug: string;
  destination: string;
  offer: string;
  utm_source: string;
  created_by: string;
  paused: boolean;
}

/** The builder's form as a marketer posts it. */
function build(form: Record<string, string>, cookie = session): Promise<Response> {
  return postForm("/admin/links", { target: "page", ...form }, { Cookie: cookie });
}

/** Links with this slug, read as the marketer. */
async function stored(slug: string): Promise<Link[]> {
  const response = await api(`?filter=${encodeURIComponent(`slug = "${slug}"`)}`, { token: marketerToken });
  return ((await response.json()) as { items: Link[] }).items;
}

/** The error messages a refused form shows under its fields, as a screen reader reads them with each field (aria-describedby). */
const fieldErrors = async (response: Response) => {
  const page = parsePage(await response.text());
  return [...page.querySelectorAll("form [aria-describedby]")].map((field) => textIn(page.getElementById(field.getAttribute("aria-describedby")!)));
};

beforeAll(async () => {
  marketer = await siteAccount(writer, "marketers");
  editor = await siteAccount(writer, "editors");
  session = await signInOnSite(marketer.email, marketer.password);
  marketerToken = await tokenOf("marketers", marketer);
  const store = await writer.create<{ id: string }>("_zdata_stores", { title: `Links Builder Store ${run}`, website: "https://links-builder.example" });
  offer = await writer.create("_zdata_offers", {
    heading: "Links builder offer",
    subheading: "builder",
    store: store.id,
    type: "deal",
    cta_label: "Get Deal",
    cta_url: "https://links-builder.example/deal?sub1={click_id}",
  });
});
afterAll(async () => {
  for (const link of ((await (await api("?perPage=500", { token: marketerToken })).json()) as { items: Link[] }).items)
    if (link.slug.endsWith(run)) await api(`/${link.id}`, { method: "DELETE", token: marketerToken });
  await writer.cleanup();
});

describe("/admin/links: who makes links", () => {
  it("lets a signed-in marketer make a link, theirs, and shows it with its address and QR code", async () => {
    const slug = slugOf("Spring-Sale");
    const response = await build({ path: "/stores", slug, utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/links\/[a-z0-9]{15}\?saved=1$/);
    const [link] = await stored(slug);
    expect(link).toMatchObject({ slug, destination: "/stores", offer: "", utm_source: "newsletter", created_by: marketer.id, paused: false });
    const page = await visit(location, { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(`value="${testEnv.SITE_ORIGIN}/l/${slug}"`);
    expect(html).toContain(`src="/admin/links/${link!.id}/qr.svg"`);
    expect(html).toContain(`href="/admin/links/${link!.id}/qr.png"`);
    const list = textOf(await (await visit("/admin/links", { headers: { Cookie: session } })).text());
    expect(list).toContain(`/l/${slug}`);
    for (const format of ["svg", "png"]) {
      const qr = await visit(`/admin/links/${link!.id}/qr.${format}`, { headers: { Cookie: session } });
      expect(qr.status).toBe(200);
      expect(qr.headers.get("Content-Type")).toMatch(format === "svg" ? /^image\/svg\+xml/ : /^image\/png$/);
      expect(qr.headers.get("Content-Disposition")).toBe(`attachment; filename="dealpilot-${slug}.${format}"`);
    }
  });

  it("gives a link without a typed slug a random one of 7 unambiguous characters", async () => {
    const response = await build({ path: "/offers", utm_campaign: `random-${run}` });
    expect(response.status).toBe(303);
    const id = response.headers.get("Location")!.match(/links\/([a-z0-9]{15})/)![1];
    const link = (await (await api(`/${id}`, { token: marketerToken })).json()) as Link;
    expect(link.slug).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{7}$/);
    await api(`/${id}`, { method: "DELETE", token: marketerToken });
  });

  it("sends visitors without a session to the sign-in page and stores nothing they post", async () => {
    const page = await visit("/admin/links", { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/admin/sign-in?next=%2Fadmin%2Flinks");
    const slug = slugOf("anonymous");
    expect((await build({ path: "/stores", slug }, "")).status).toBe(303);
    expect((await visit("/admin/links/abcdefghijklmno/qr.png", { redirect: "manual" })).status).toBe(303);
    expect(await stored(slug)).toEqual([]);
  });

  it("tells an editor the builder is not for them, and stores nothing", async () => {
    const cookie = await signInOnSite(editor.email, editor.password);
    const page = await visit("/admin/links", { redirect: "manual", headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    const slug = slugOf("editor");
    expect((await build({ path: "/stores", slug }, cookie)).status).toBe(403);
    expect(await stored(slug)).toEqual([]);
  });

  it("refuses a form posted from another site", async () => {
    const slug = slugOf("cross-site");
    const response = await postForm("/admin/links", { target: "page", path: "/stores", slug }, { Cookie: session, Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await stored(slug)).toEqual([]);
  });

  it("keeps links away from the public API: nobody but marketers reads or writes them", async () => {
    const [link] = await stored(slugOf("Spring-Sale"));
    expect(link).toBeDefined();
    // The site's content API does not know the collection.
    expect((await visit("/api/collections/short_links/records")).status).toBe(404);
    expect((await visit(`/api/collections/short_links/records/${link!.id}`)).status).toBe(404);
    // PocketBase itself, anonymously and as an editor.
    const editorToken = await tokenOf("editors", editor);
    for (const token of [undefined, editorToken]) {
      const list = await api("", { token });
      expect(list.status, String(token)).toBe(200);
      expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
      expect((await api(`/${link!.id}`, { token })).status).toBe(404);
      const made = await api("", { method: "POST", token, body: JSON.stringify({ slug: slugOf("public"), destination: "/stores" }) });
      expect(made.status).toBeGreaterThanOrEqual(400);
      expect((await api(`/${link!.id}`, { method: "PATCH", token, body: JSON.stringify({ destination: "/offers" }) })).status).toBeGreaterThanOrEqual(400);
      expect((await api(`/${link!.id}`, { method: "DELETE", token })).status).toBeGreaterThanOrEqual(400);
    }
    expect(await stored(slugOf("public"))).toEqual([]);
    expect((await stored(slugOf("Spring-Sale")))[0]).toMatchObject({ destination: "/stores" });
  });
});

describe("slugs", () => {
  it("are unique without regard to case", async () => {
    const slug = slugOf("Case-Test");
    expect((await build({ path: "/stores", slug })).status).toBe(303);
    for (const taken of [slug, slug.toUpperCase(), slug.toLowerCase()]) {
      const response = await build({ path: "/offers", slug: taken });
      expect(response.status, taken).toBe(400);
      expect(await fieldErrors(response)).toEqual([expect.stringContaining("This slug is taken")]);
    }
    expect((await stored(slug)).length).toBe(1);
  });

  it.each(["admin", "Goto", "LINKS", "sign-in"])("refuses the reserved word %s", async (slug) => {
    const response = await build({ path: "/stores", slug });
    expect(response.status).toBe(400);
    expect(await fieldErrors(response)).toEqual(["This word is kept for the site's own use: choose another slug."]);
  });

  it.each(["ab", "QR", "-dash-first", "dash-last-", "has space", "dot.ted", "ünicode", "a".repeat(51), "../x", "x/y"])("refuses the slug %j", async (slug) => {
    const response = await build({ path: "/stores", slug });
    expect(response.status).toBe(400);
    expect(await fieldErrors(response)).toEqual([expect.stringContaining("3 to 50 letters")]);
  });

  it("never changes, and never comes back after its link is deleted", async () => {
    const slug = slugOf("Keep-Me");
    const made = await build({ path: "/stores", slug });
    const id = made.headers.get("Location")!.match(/links\/([a-z0-9]{15})/)![1]!;
    const renamed = await api(`/${id}`, { method: "PATCH", token: marketerToken, body: JSON.stringify({ slug: slugOf("Renamed") }) });
    expect(renamed.status).toBe(400);
    expect(JSON.stringify(await renamed.json())).toContain("never changes");
    // The builder's change form has no slug at all; a posted one is ignored.
    expect((await postForm(`/admin/links/${id}`, { target: "page", path: "/offers", slug: "other" }, { Cookie: session })).status).toBe(303);
    expect((await stored(slug))[0]).toMatchObject({ id, destination: "/offers" });

    const deleted = await postForm(`/admin/links/${id}/delete`, {}, { Cookie: session });
    expect(deleted.status).toBe(303);
    expect(await stored(slug)).toEqual([]);
    for (const again of [slug, slug.toLowerCase()]) {
      const response = await build({ path: "/stores", slug: again });
      expect(response.status, again).toBe(400);
      expect(await fieldErrors(response)).toEqual([expect.stringContaining("a deleted one")]);
    }
  });
});

describe("destinations: a page of this site or an offer, nothing else", () => {
  it.each(["/", "/stores", "/blog/some-title/abcdefghijklmno", "/offers?catID=x#top"])("takes the page %s", async (path) => {
    const slug = slugOf(`page-${crypto.randomUUID().slice(0, 4)}`);
    expect((await build({ path, slug })).status).toBe(303);
    expect((await stored(slug))[0]).toMatchObject({ destination: path, offer: "" });
  });

  it("takes a page's full address of this site as its path", async () => {
    const slug = slugOf("full-address");
    expect((await build({ path: `${testEnv.SITE_ORIGIN}/offers?catID=a`, slug })).status).toBe(303);
    expect((await stored(slug))[0]).toMatchObject({ destination: "/offers?catID=a" });
  });

  it("takes an offer, as its id, from the list or typed as the destination", async () => {
    const slug = slugOf("offer");
    expect((await build({ target: "offer", offer: offer.id, slug })).status).toBe(303);
    expect((await stored(slug))[0]).toMatchObject({ destination: offer.id, offer: offer.id });
    const typed = slugOf("offer-typed");
    const response = await api("", { method: "POST", token: marketerToken, body: JSON.stringify({ slug: typed, destination: offer.id }) });
    expect(response.status).toBe(200);
    expect((await stored(typed))[0]).toMatchObject({ destination: offer.id, offer: offer.id });
    const unknown = await build({ target: "offer", offer: "zzzzzzzzzzzzzzz", slug: slugOf("no-offer") });
    expect(unknown.status).toBe(400);
  });

  it(`refuses every vector of the open-redirect corpus (${OPEN_REDIRECT_VECTORS.length}), and the site's own non-pages`, async () => {
    const refused = [
      ...OPEN_REDIRECT_VECTORS,
      `${testEnv.SITE_ORIGIN}//evil.example/`,
      "/l/other",
      "/goto?url=https%3A%2F%2Fevil.example",
      "/admin/reports",
      "/api/collections/_zdata_stores/records",
      "/postback/token",
      "/stores?utm_source=x",
      "https://partner.example/",
    ];
    const accepted: string[] = [];
    for (let i = 0; i < refused.length; i += 6) {
      const answers = await Promise.all(
        refused.slice(i, i + 6).map(async (path, j) => {
          const slug = slugOf(`vector-${i + j}`);
          const response = await build({ path, slug });
          await response.body?.cancel();
          return response.status === 400 && (await stored(slug)).length === 0 ? null : path;
        }),
      );
      accepted.push(...answers.filter((path): path is string => path !== null));
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it("refuses campaign values with characters the tracking cookie would drop, and says which field", async () => {
    const response = await build({ path: "/stores", slug: slugOf("bad-values"), utm_source: 'news"letter', utm_campaign: "<b>" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html.match(/id="utm_source-error"/g)).toHaveLength(1);
    expect(html.match(/id="utm_campaign-error"/g)).toHaveLength(1);
    expect(html).toContain('value="news&quot;letter"');
  });
});
