import { describe, expect, it } from "vitest";
import { Leases } from "../../src/edge/cache/leases";

describe("leases on work one request does for an isolate", () => {
  it("gives one lease per key until it is released", () => {
    const leases = new Leases(1_000);
    const release = leases.take("a", 0);
    expect(release).not.toBeNull();
    expect(leases.take("a", 10)).toBeNull();
    expect(leases.take("b", 10)).not.toBeNull();
    release?.();
    expect(leases.take("a", 20)).not.toBeNull();
  });

  it("takes a lease never released (its request ended first) for abandoned once it is older than the lease time", () => {
    const leases = new Leases(1_000);
    expect(leases.take("a", 0)).not.toBeNull();
    expect(leases.take("a", 999)).toBeNull();
    expect(leases.take("a", 1_000)).not.toBeNull();
  });

  it("an abandoned lease's late release does not end the lease taken after it", () => {
    const leases = new Leases(1_000);
    const late = leases.take("a", 0);
    expect(leases.take("a", 1_500)).not.toBeNull();
    late?.();
    expect(leases.take("a", 1_600)).toBeNull();
  });
});
