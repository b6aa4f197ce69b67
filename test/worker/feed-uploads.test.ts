import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/lib/rules";
import { admin, advertiserOf, createStore, finished, type ImportRun, list, mapAdvertiser, offersOf, unique } from "./feed-helpers";
import { pocketbaseWriter, SITE, signInOnSite, siteAccount, visit } from "./helpers";

/**
 * Issue 48's bulk upload: an editor signed in on the site posts a CSV file (the generic
 * column map, docs/feeds.md "Generic CSV") at /admin/imports, and it is imported by the same
 * queue, reader, batches and PocketBase hooks as a network's feed. What cannot be imported is
 * refused whole with a 4xx, and no run starts.
 */

let writer: Awaited<ReturnType<typeof pocketbaseWriter>>;
let editorCookie: string;

beforeAll(async () => {
  writer = await pocketbaseWriter();
  const editor = await siteAccount(writer, "editors");
  editorCookie = await signInOnSite(editor.email, editor.password);
});

afterAll(async () => {
  await writer?.cleanup();
});

/** A network with no feed of its own: its promotions come from editors' files. */
function uploadNetwork(key: string, settings: Record<string, unknown> = {}) {
  return admin<{ id: string }>("/api/collections/affiliate_networks/records", {
    method: "POST",
    body: { name: `Uploads ${key}`, active: true, feed_auto_publish: true, ...settings },
  });
}

/** The upload form as the browser posts it from /admin/imports. */
function upload(cookie: string, network: string, file: BlobPart, name = "promotions.csv", headers: Record<string, string> = { Origin: SITE }) {
  const form = new FormData();
  form.set("network", network);
  form.set("file", new File([file], name, { type: "text/csv" }));
  return visit("/admin/imports/upload", { method: "POST", body: form, redirect: "manual", headers: { Cookie: cookie, ...headers } });
}

const csv = (...rows: string[]) => `${["promotion_id,title,advertiser_id,advertiser_url,code,ends,tracking_url,description", ...rows].join("\r\n")}\r\n`;

type UploadRun = ImportRun & { upload: string };

/** Uploads a file and waits for its run to end. */
async function uploaded(network: string, file: string): Promise<UploadRun> {
  const before = (await list<UploadRun>("import_runs", `network = "${network}"`)).length;
  const response = await upload(editorCookie, network, file);
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/admin/imports?done=uploaded");
  const runs = await list<UploadRun>("import_runs", `network = "${network}"`, { sort: "-started" });
  expect(runs).toHaveLength(before + 1);
  const [run] = runs;
  if (!run) throw new Error("no run");
  return { ...run, ...(await finished(run.id)) };
}

describe("an editor's CSV upload at /admin/imports", () => {
  it("imports the file by the generic column map through the feed's own import, and ends none of the promotions it leaves out", async () => {
    const key = `upload-${unique()}`;
    const host = `${key}.example`;
    const store = await createStore(host);
    // Dates without a zone are read in the network's zone, as a feed's are.
    const network = await uploadNetwork(key, { feed_time_zone: "Europe/Berlin" });
    const shoes = (ends: string) =>
      `u1,10% off shoes,ADV,https://www.${host}/,SHOES10,${ends},https://track.${host}/c?id=1,<p>On <b>all</b> shoes</p><script>alert(1)</script>`;
    const first = await uploaded(
      network.id,
      csv(
        shoes("2031-05-31"),
        `u2,"Free delivery, all week",ADV,https://www.${host}/,N/A,2031-06-30,https://track.${host}/c?id=2,`,
        `u3,Plain http,ADV,,,,http://track.${host}/c?id=3,`,
      ),
    );
    expect(first).toMatchObject({ status: "complete", trigger: "upload", fetched: 3, held: 2, skipped: 1, errors: 0 });
    expect(first.upload).toMatch(/\.csv$/);
    expect(first.skip_reasons).toEqual({ "tracking link not https": 1 });

    // Its advertiser waits for a store, suggested by its site's host, like a feed's.
    expect((await advertiserOf(network.id, "ADV")).suggested_store).toBe(store.id);
    await mapAdvertiser(network.id, "ADV", store.id);
    const [u1, u2] = await offersOf(network.id);
    // The end of 31 May in Berlin (summer time, UTC+2).
    expect(u1).toMatchObject({ promotion_id: "u1", type: "coupon", coupon_code: "SHOES10", expires_at: "2031-05-31 22:00:00.000Z", status: "published" });
    expect(u1?.description).toContain("<b>all</b>");
    expect(u1?.description).not.toContain("script");
    expect(u2).toMatchObject({ promotion_id: "u2", type: "deal", heading: "Free delivery, all week", expires_at: "2031-06-30 22:00:00.000Z" });

    // Three more files with u1 alone, extended: u1 follows, u2 is left as it was (a file is
    // not the network's whole list, so nothing vanishes by an upload).
    for (let i = 0; i < 3; i++) expect(await uploaded(network.id, csv(shoes("2031-07-31")))).toMatchObject({ status: "complete", ended: 0 });
    const [after1, after2] = await offersOf(network.id);
    expect(after1?.expires_at).toBe("2031-07-31 22:00:00.000Z");
    expect(after2?.expires_at).toBe("2031-06-30 22:00:00.000Z");
  }, 90_000);

  it("refuses a file it cannot import, or a sender who may not, with a 4xx and no run", async () => {
    const key = `refused-${unique()}`;
    const network = await uploadNetwork(key);
    const good = csv(`r1,Fine,ADV,,,,https://track.${key}.example/c,`);

    const anonymous = await upload("", network.id, good);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/sign-in\?/);
    const marketer = await siteAccount(writer, "marketers");
    expect((await upload(await signInOnSite(marketer.email, marketer.password), network.id, good)).status).toBe(403);
    expect((await upload(editorCookie, network.id, good, "promotions.csv", { Origin: "https://elsewhere.example" })).status).toBe(403);

    const refusals: Array<[BlobPart, number, RegExp]> = [
      ["promotion_id,title,advertiser_id\r\nr1,No link,ADV\r\n", 400, /lacks tracking_url/],
      ["promotion_id,title,advertiser_id,tracking_url\r\n", 400, /no rows/],
      [new Uint8Array([0x70, 0x72, 0x6f, 0xff, 0xfe, 0x2c, 0x0a]), 400, /not UTF-8/],
      ['promotion_id,title,advertiser_id,tracking_url\r\nr1,"unclosed,ADV,https://t.example/\r\n', 400, /not a readable CSV/],
      ["", 400, /Choose a CSV file/],
      [new Uint8Array(LIMITS.feed_upload_bytes + 32 * 1024).fill(0x61), 413, /too large/],
    ];
    for (const [file, status, message] of refusals) {
      const response = await upload(editorCookie, network.id, file);
      expect(response.status, String(message)).toBe(status);
      expect(await response.text()).toMatch(message);
    }
    const unknown = await upload(editorCookie, "nosuchnetwork00", good);
    expect(unknown.status).toBe(400);
    expect(await list("import_runs", `network = "${network.id}"`)).toHaveLength(0);
  }, 60_000);
});
