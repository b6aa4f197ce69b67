/**
 * The Nu Html Checker (npm `vnu-jar`, run by Debian's Java) on every screen, as browsers
 * get it and as crawlers get it (the complete document): zero errors.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteUrl } from "./browser";
import { nuErrors } from "./nu";
import { everyScreen } from "./screens";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "nu-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Nu Html Checker", () => {
  it("finds no error on any screen, as served to visitors and to crawlers", async () => {
    const screens = await everyScreen();
    const files: string[] = [];
    for (const [name, pagePath] of screens) {
      for (const [who, headers] of [
        ["visitor", {}],
        ["crawler", { "User-Agent": CRAWLER }],
      ] as const) {
        const file = path.join(dir, `${name}.${who}.html`);
        await writeFile(file, await (await fetch(siteUrl() + pagePath, { headers })).text());
        files.push(file);
      }
    }
    expect(await nuErrors(files)).toEqual([]);
  }, 180_000);

  it("does report an error where there is one (the checker runs)", async () => {
    const file = path.join(dir, "broken.html");
    await writeFile(file, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><div aria-labelledby="h">x</div><h1 id="h">x</h1></body></html>');
    expect((await nuErrors([file])).join("\n")).toMatch(/aria-labelledby/);
  });
});
