import { describe, expect, it } from "vitest";
import { OUTBOUND_REL, outboundHref } from "../../src/lib/outbound";

describe("outboundHref", () => {
  it("wraps the target, macros included, in /goto with the whole URL encoded", () => {
    expect(outboundHref("https://partner.example/buy?ref=dp&src={utm_source}#x")).toBe(
      "/goto?url=https%3A%2F%2Fpartner.example%2Fbuy%3Fref%3Ddp%26src%3D%7Butm_source%7D%23x",
    );
  });
  it("marks background pings with wp=0", () => {
    expect(outboundHref("https://p.example/", { background: true })).toBe("/goto?url=https%3A%2F%2Fp.example%2F&wp=0");
  });
  it("marks links sponsored and cuts the opener", () => {
    expect(OUTBOUND_REL.split(" ").sort()).toEqual(["noopener", "sponsored"]);
  });
});
