import { describe, expect, it } from "vitest";
import { summarize } from "../../scripts/cpuprofile-summary.mjs";

const frame = (functionName: string) => ({ functionName, url: "", lineNumber: 0 });

/**
 * Two requests as workerd's inspector reports them: each request's first function
 * (`startRequest`) gets one sample carrying the 5 ms idle gap before it, then `render`
 * runs for 10 samples 0.2 ms apart.
 */
function workerdShapedProfile() {
  const nodes: { id: number; callFrame: ReturnType<typeof frame>; children?: number[] }[] = [
    { id: 1, callFrame: frame("(root)"), children: [2, 3] },
    { id: 2, callFrame: frame("startRequest") },
    { id: 3, callFrame: frame("render") },
  ];
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  for (let request = 0; request < 2; request++) {
    samples.push(2);
    timeDeltas.push(5_000);
    for (let i = 0; i < 10; i++) {
      samples.push(3);
      timeDeltas.push(200);
    }
  }
  return { nodes, samples, timeDeltas };
}

const selfMs = (entries: { name: string; ms: number }[], name: string) => entries.find((entry) => entry.name.startsWith(`${name} `))?.ms;

describe("summarize (scripts/cpuprofile-summary.mjs)", () => {
  it("by default weights each sample by the time since the one before it", () => {
    const summary = summarize(workerdShapedProfile());
    expect(selfMs(summary.selfByFunction, "startRequest")).toBeCloseTo(10);
    expect(selfMs(summary.selfByFunction, "render")).toBeCloseTo(4);
    expect(summary.totalMs).toBeCloseTo(14);
  });

  it("with perSample counts every sample as the median interval, so an idle gap is not charged to the code after it", () => {
    const summary = summarize(workerdShapedProfile(), { perSample: true });
    expect(selfMs(summary.selfByFunction, "startRequest")).toBeCloseTo(0.4);
    expect(selfMs(summary.selfByFunction, "render")).toBeCloseTo(4);
    expect(summary.totalMs).toBeCloseTo(4.4);
    expect(summary.totalByFunction[0]).toMatchObject({ name: "(root)  (native)", share: 1 });
  });

  it("leaves idle samples out and can keep only the stacks under one function", () => {
    const profile = workerdShapedProfile();
    profile.nodes[0]!.children!.push(4);
    profile.nodes.push({ id: 4, callFrame: frame("(idle)") });
    profile.samples.push(4);
    profile.timeDeltas.push(50_000);
    expect(summarize(profile).totalMs).toBeCloseTo(14);
    expect(summarize(profile, { within: "render" }).totalMs).toBeCloseTo(4);
  });
});
