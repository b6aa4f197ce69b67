import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Private globals, fields and protocols of React and React Router that our code once
 * used (issue 31): the hydration global and its serialized error shape, React's fiber
 * keys, and the status fields React reads on thenables. Upgrades may change any of them
 * without notice; the public APIs (createBrowserRouter's hydrationData, isRouteErrorResponse,
 * use) do the same jobs.
 */
const PRIVATE = [
  /__staticRouterHydrationData/,
  /__type\b/,
  /__subType\b/,
  /__reactFiber|__reactProps|__reactContainer/,
  /_tracked\b/,
  /__SECRET_INTERNALS|__CLIENT_INTERNALS|__SERVER_INTERNALS/,
  /\bstatus: "(pending|fulfilled|rejected)"/,
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sourcesUnder(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [file] : [];
  });
}

describe("our code uses only the public APIs of React and React Router", () => {
  const files = ["src", "client", "scripts", "test/e2e", "test/worker", "test/support"].flatMap(sourcesUnder);

  it("finds the sources it checks", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("names none of their private globals, fields or thenable protocol", () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      return PRIVATE.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern.source}`);
    });
    expect(found).toEqual([]);
  });
});
