import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import { WORLDWIDE } from "../../src/data/offer-countries";
import { search } from "../../src/data/search";
import { siteUrl } from "./browser";

const ROUNDS = 40;

/**
 * What the header search does when a visitor submits it while a suggestion is on its way: the
 * browser cancels the suggestions request, whose Worker was reading what the search page's
 * reads (through /api/collections) then ask for. Under wrangler dev's workerd, before decision
 * 070, 8 to 12 rounds of 40 failed: a read waiting on the cancelled request's origin read was
 * cancelled as hung (500, the search page's "We could not load this page just now").
 */
describe("a visitor's cancelled request", () => {
  it("never fails another visitor's reads of the same content", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A text no copy is stored for: every read goes to PocketBase.
      const text = `host${round}q${crypto.randomUUID().slice(0, 6)}`;
      const suggestions = new AbortController();
      const asked = fetch(`${siteUrl()}/api/search/suggestions?q=${text}`, { signal: suggestions.signal }).catch(() => undefined);
      await sleep(5 + (round % 8) * 5);
      const searched = search(createContentClient({ baseUrl: siteUrl() }), { text, category: null }, { kind: null, page: 1, scope: WORLDWIDE }).then(
        () => "answered",
        (error: { status?: number; message?: string }) => `${error.status} ${error.message}`,
      );
      await sleep(10);
      suggestions.abort();
      await asked;
      const outcome = await Promise.race([searched, sleep(20_000).then(() => "no answer in 20 s")]);
      if (outcome !== "answered") failures.push(`round ${round}: ${outcome}`);
    }
    expect(failures).toEqual([]);
  });
});
