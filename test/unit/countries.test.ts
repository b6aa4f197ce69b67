import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { isOffered, offeredIn } from "../../src/data/offer-countries";
import { COUNTRY_CODES, countryCode } from "../../src/lib/countries";
import { countryName } from "../../src/lib/country-name";
import { offerNode } from "../../src/lib/offer-structured-data";

describe("countries", () => {
  it("reads a country code, and takes anything else for unknown (Cloudflare's XX and T1 included)", () => {
    expect(countryCode("DE")).toBe("DE");
    expect(countryCode(" us ")).toBe("US");
    for (const unknown of [undefined, null, "", "XX", "T1", "EU", "DEU", "D"]) expect(countryCode(unknown)).toBeNull();
  });

  it("offers a worldwide offer everywhere, a limited one in its countries, and everything to an unknown country", () => {
    expect(offeredIn([], "DE")).toBe(true);
    expect(offeredIn(undefined, "DE")).toBe(true);
    expect(offeredIn(["US", "GB"], "GB")).toBe(true);
    expect(offeredIn(["US", "GB"], "DE")).toBe(false);
    expect(offeredIn(["US"], null)).toBe(true);
  });

  it("notes that the page depends on the country whenever a limited offer is met, offered or not", () => {
    let varies = 0;
    const scope = { country: "US", varies: () => varies++ };
    expect(isOffered(scope, [])).toBe(true);
    expect(varies).toBe(0);
    expect(isOffered(scope, ["US"])).toBe(true);
    expect(isOffered(scope, ["DE"])).toBe(false);
    expect(varies).toBe(2);
  });

  it("names countries in English", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("US")).toBe("United States");
  });

  it("are the admin UI's choices of an offer's countries", async () => {
    const migration = await readFile(new URL("../../pocketbase/pb_migrations/1767226900_offer_countries.js", import.meta.url), "utf8");
    const listed = migration.match(/const COUNTRY_CODES = \(([\s\S]*?)\)\.split/)?.[1] ?? "";
    const codes = listed.match(/[A-Z]{2}/g);
    expect(codes).toEqual([...COUNTRY_CODES]);
    expect(COUNTRY_CODES).toHaveLength(249);
  });

  it("name the regions an offer is limited to in its structured data, and none for a worldwide offer", () => {
    const limited = offerNode("https://site.example", { heading: "20% off", countries: ["DE", "GB"] });
    expect(limited.eligibleRegion).toEqual(["DE", "GB"]);
    expect(offerNode("https://site.example", { heading: "20% off", countries: [] })).not.toHaveProperty("eligibleRegion");
  });
});
