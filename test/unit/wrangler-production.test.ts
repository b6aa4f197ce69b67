import { describe, expect, it } from "vitest";
import { experimental_readRawConfig } from "wrangler";
import { REQUIRED_SECRETS } from "../../src/lib/required-secrets";

/**
 * Issue 49: `[env.production]` repeats every binding and var of the top level, because
 * wrangler inherits none of them; a binding added at the top level only would be missing in
 * production (docs/operations.md#production-configuration). Read with wrangler's own parser.
 */
describe("wrangler.toml's production environment", () => {
  const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
  const production = rawConfig.env?.production;

  it("has every binding, trigger and observability setting of the top level", () => {
    expect(production).toBeDefined();
    expect(production?.ratelimits).toEqual(rawConfig.ratelimits);
    expect(production?.queues).toEqual(rawConfig.queues);
    expect(production?.r2_buckets).toEqual(rawConfig.r2_buckets);
    expect(production?.triggers).toEqual(rawConfig.triggers);
    expect(production?.observability).toEqual(rawConfig.observability);
    expect(rawConfig.queues?.consumers?.every((consumer: { max_concurrency?: number }) => typeof consumer.max_concurrency === "number")).toBe(true);
  });

  it("sets every var, with the origins left to set and the production check on", () => {
    expect(Object.keys(production?.vars ?? {}).sort()).toEqual(Object.keys(rawConfig.vars ?? {}).sort());
    expect(production?.vars).toMatchObject({ POCKETBASE_URL: "", SITE_ORIGIN: "", DEPLOYMENT: "production" });
    expect(rawConfig.vars).toMatchObject({ DEPLOYMENT: "local" });
  });

  it("routes a custom domain and declares the secrets a deploy must have", () => {
    expect(production?.routes).toEqual([expect.objectContaining({ custom_domain: true })]);
    // The same list the Worker checks at every request (a secret added to one and not the other would slip through).
    expect(production?.secrets?.required).toEqual([...REQUIRED_SECRETS]);
  });
});
