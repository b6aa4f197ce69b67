import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pinned = readFileSync(new URL("../../.node-version", import.meta.url), "utf8").trim();
const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe("the project's own Node", () => {
  it("runs the test suites: the version .node-version names, whatever Node the machine has", () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it("is what package.json installs (the node package) and what engines asks for", () => {
    expect(packageJson.devDependencies.node).toBe(pinned);
    expect(packageJson.engines.node).toBe(`>=${pinned}`);
    expect(Number(pinned.split(".")[0])).toBeGreaterThanOrEqual(22);
  });
});
