// @ts-check
/**
 * The editors' guide's screenshots (docs/editors.md): the PocketBase admin UI's record
 * forms an editor fills in, a new offer and a seeded store, each cropped to the form with
 * its help texts, against a seeded PocketBase on a free port (stopped afterwards).
 * Usage: node scripts/editor-screenshots.mjs [outDir=docs/editors]
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";

const [outDir = "docs/editors"] = process.argv.slice(2);
const email = "screens@dealpilot.local";
const password = "screens-password-1";
const VIEWPORT = { width: 1100, height: 900 };

const dataDir = await mkdtemp(path.join(tmpdir(), "pb-editor-screens-"));
await prepareSeededDataDir({ targetDir: dataDir, email, password });
const pocketbase = await startPocketBase({ dataDir, port: await freePort(), quiet: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });

/** Opens a collection's records list from the sidebar and waits until it is shown (a click
 * made while the list the admin UI opened first still loads is lost in the switch).
 * @param {import("playwright-core").Page} page @param {string} collection */
async function openList(page, collection) {
  const listed = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/collections/${collection}/records` && url.searchParams.has("sort");
  });
  await page.locator(`[data-pb="pageSidebar"] button[title="${collection}"]`).click();
  await listed;
  await page.locator('[data-pb="recordsListTable"] tbody tr').first().waitFor();
}

/** Screenshots the open record form of `collection` (the admin UI's side panel) into `name`.png.
 * @param {import("playwright-core").Page} page @param {string} collection @param {string} name */
async function shootForm(page, collection, name) {
  const form = page.locator('[data-pb="recordUpsertModal"][data-modal-state="open"]', {
    has: page.locator(".collection-name", { hasText: new RegExp(`^${collection}$`) }),
  });
  // The rich-text fields are drawn once TinyMCE has started on them.
  await form.locator(".tox-edit-area__iframe").last().waitFor();
  // The panel scrolls within the window: make the window as tall as the whole form.
  const overflow = await form.locator(".modal-content").evaluate((el) => el.scrollHeight - el.clientHeight);
  await page.setViewportSize({ ...VIEWPORT, height: VIEWPORT.height + overflow });
  const file = path.join(outDir, `${name}.png`);
  await form.screenshot({ path: file });
  console.log(file);
  await page.setViewportSize(VIEWPORT);
  await form.getByRole("button", { name: "Close", exact: true }).click();
  await form.waitFor({ state: "hidden" });
}

try {
  await mkdir(outDir, { recursive: true });
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${pocketbase.url}/_/`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/#\/collections/);

  await openList(page, "_zdata_offers");
  await page.getByRole("button", { name: "New record", exact: true }).click();
  await shootForm(page, "_zdata_offers", "offer-form");

  // A seeded store, found as an editor would: by its name in the list's search.
  const { items } = await (await fetch(`${pocketbase.url}/api/collections/_zdata_stores/records?sort=title&perPage=1`)).json();
  await openList(page, "_zdata_stores");
  const searchbar = page.locator('[data-pb="pageCollections"] .searchbar [role=textbox]');
  await searchbar.fill(items[0].title);
  await searchbar.press("Enter");
  await page.locator('[data-pb="recordsListTable"] tbody tr', { hasText: items[0].title }).click();
  await shootForm(page, "_zdata_stores", "store-form");
} finally {
  await browser.close();
  await pocketbase.stop();
  await rm(dataDir, { recursive: true, force: true });
}
