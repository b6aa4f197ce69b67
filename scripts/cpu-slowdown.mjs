// @ts-check
/** Index → slowdown points of Lighthouse's CPU-throttling calculator, which its throttling
 * guide (docs/throttling.md, "Calibrating the CPU slowdown") links to. */
const POINTS = /** @type {const} */ ([
  [150, 1],
  [800, 2],
  [1300, 3],
]);
/** Above the last point: one more x per 233 of index (1,533 → 4x, 2,000 → 6x). */
const INDEX_PER_X_ABOVE = 233;

/**
 * The CPU slowdown that brings a host of this Lighthouse benchmark index down to the phone
 * Lighthouse's mobile profile means (the default 4x assumes an index of about 1,533); the
 * calculator's points joined by straight lines, rounded to a tenth, 1x below index 150.
 * @param {number} benchmarkIndex
 */
export function cpuSlowdownFor(benchmarkIndex) {
  const [lastIndex, lastSlowdown] = POINTS[POINTS.length - 1] ?? [0, 1];
  let slowdown = 1;
  if (benchmarkIndex >= lastIndex) slowdown = lastSlowdown + (benchmarkIndex - lastIndex) / INDEX_PER_X_ABOVE;
  else
    for (let i = 1; i < POINTS.length; i++) {
      const [lowIndex, lowSlowdown] = POINTS[i - 1] ?? [0, 1];
      const [highIndex, highSlowdown] = POINTS[i] ?? [0, 1];
      if (benchmarkIndex >= lowIndex && benchmarkIndex < highIndex)
        slowdown = lowSlowdown + ((benchmarkIndex - lowIndex) / (highIndex - lowIndex)) * (highSlowdown - lowSlowdown);
    }
  return Math.round(slowdown * 10) / 10;
}
