import { describe, expect, it } from "vitest";
import { isValidIconPath } from "../../src/lib/icon-path";

describe("icon path rule (spec section 5)", () => {
  it("accepts non-empty paths of path commands and numbers that begin with M or m", () => {
    for (const path of [
      "M12 3 2 12h3v8h5v-6h4v6h5v-8h3L12 3z",
      "m0 0h24v24H0z",
      "M3.612 15.443c-.386.198-.824-.149-.746-.592l.83-4.73",
      "M1,2 L3,4 Z",
      "M0\n0z ",
    ]) {
      expect(isValidIconPath(path), path).toBe(true);
    }
  });

  it("rejects empty paths, other first commands and anything but path characters", () => {
    for (const path of [
      "",
      "   ",
      null,
      undefined,
      "L0 0",
      " M0 0",
      "0 0",
      "z",
      "M0 0 <script>",
      'M0 0" onload="alert(1)',
      "M1e3 0",
      "M0 0 url(#x)",
      "M0 0;fill:red",
      "M0\u00a00",
    ]) {
      expect(isValidIconPath(path), String(path)).toBe(false);
    }
  });
});
