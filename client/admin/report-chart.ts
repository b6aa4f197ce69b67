import uPlot from "uplot";

/**
 * The report's chart: clicks and conversions per day (src/admin/ReportChart.tsx renders the
 * figure's box at the chart's height, with its series as JSON; without scripting the table
 * stands alone).
 * Loaded on /admin/reports only. uPlot draws on a canvas, so the colours are read from the
 * page's Bootstrap variables and the chart is drawn again when the colour mode changes.
 */

interface Day {
  day: string;
  clicks: number;
  conversions: number;
}

/** The plot's height: client/admin/admin.css reserves it, and a line of legend, before the chart is drawn. */
const PLOT_HEIGHT = 260;
const figure = document.getElementById("report-chart");
const source = document.getElementById("report-chart-data");

function colour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayName = (seconds: number) => dayFormat.format(new Date(seconds * 1000));

function options(width: number): uPlot.Options {
  const text = colour("--bs-body-color");
  const grid = colour("--bs-border-color");
  const lines = { stroke: grid, width: 1 };
  // Counts are whole: no ticks between them.
  const counts = (scale: string, label: string): uPlot.Axis => ({
    scale,
    label,
    stroke: text,
    grid: lines,
    ticks: lines,
    incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
  });
  return {
    width,
    height: PLOT_HEIGHT,
    scales: {
      x: { time: true },
      clicks: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      conversions: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      { label: "Day", value: (_u, seconds) => (seconds === null ? "–" : dayName(seconds)) },
      { label: "Clicks", scale: "clicks", stroke: colour("--bs-primary"), width: 2, points: { show: true } },
      { label: "Conversions", scale: "conversions", stroke: colour("--bs-success"), width: 2, dash: [6, 4], points: { show: true } },
    ],
    axes: [
      // One tick a day at most, named like "Nov 20".
      { stroke: text, grid: lines, ticks: lines, space: 48, incrs: [1, 2, 7, 14, 28].map((days) => days * 86_400), values: (_u, ticks) => ticks.map(dayName) },
      counts("clicks", "Clicks"),
      { ...counts("conversions", "Conversions"), side: 1, grid: { show: false } },
    ],
    legend: { live: true },
  };
}

if (figure && source) {
  const days = JSON.parse(source.textContent ?? "[]") as Day[];
  const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), days.map((d) => d.clicks), days.map((d) => d.conversions)];
  const plotArea = figure.querySelector<HTMLElement>(".report-chart");
  if (plotArea) {
    let chart = new uPlot(options(plotArea.clientWidth), data, plotArea);
    new ResizeObserver(() => chart.setSize({ width: plotArea.clientWidth, height: PLOT_HEIGHT })).observe(plotArea);
    new MutationObserver(() => {
      chart.destroy();
      chart = new uPlot(options(plotArea.clientWidth), data, plotArea);
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-bs-theme"] });
  }
}
