import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatNumber } from "../../components/format-number";
import type { Granularity, TimelinePoint } from "./report-types";

const HEIGHT = 260;
// The stylesheet's --accent and --warn: 4.5:1 on white, so the lines read as well as the text.
const CLICKS_COLOUR = "#0b57d0";
const VISITORS_COLOUR = "#8a4b00";
const AXIS_COLOUR = "#57606a";
const GRID_COLOUR = "#e6e9ed";
/** Counts are whole numbers: the y axis never steps by fractions. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

const HOUR = 3600;
const DAY = 86_400;
/** Tick steps per bucket size: never finer than one bucket (no "4pm" ticks on a daily chart). */
const TIME_STEPS: Record<Granularity, number[]> = {
  hour: [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY],
  day: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY],
  week: [7 * DAY, 14 * DAY, 28 * DAY, 56 * DAY, 91 * DAY],
  month: [31 * DAY, 92 * DAY, 183 * DAY, 366 * DAY],
};
const TICK_FORMATS: Record<Granularity, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(undefined, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    timeZone: "UTC",
  }),
  day: new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" }),
  week: new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" }),
  month: new Intl.DateTimeFormat(undefined, { month: "short", year: "numeric", timeZone: "UTC" }),
};

const axis = { stroke: AXIS_COLOUR, grid: { stroke: GRID_COLOUR, width: 1 }, ticks: { stroke: GRID_COLOUR } };

function optionsFor(width: number, granularity: Granularity): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // The buckets are UTC hours and days: label them as such, not in the reader's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    cursor: { y: false, points: { size: 7 } },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] } },
    axes: [
      {
        ...axis,
        space: 64,
        incrs: TIME_STEPS[granularity],
        values: (_u, splits) => splits.map((seconds) => TICK_FORMATS[granularity].format(seconds * 1000)),
      },
      { ...axis, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map((v) => formatNumber(v)), size: 56 },
    ],
    series: [
      {
        label: "Starting",
        value: (_u, seconds) => (seconds === null ? "—" : TICK_FORMATS[granularity].format(seconds * 1000)),
      },
      {
        label: "Clicks",
        stroke: CLICKS_COLOUR,
        width: 2,
        fill: "rgba(11, 87, 208, 0.08)",
        points: { show: false },
        value: (_u, v) => (v === null ? "—" : formatNumber(v)),
      },
      {
        label: "Unique visitors",
        stroke: VISITORS_COLOUR,
        width: 2,
        dash: [6, 4],
        points: { show: false },
        value: (_u, v) => (v === null ? "—" : formatNumber(v)),
      },
    ],
  };
}

const dataOf = (points: readonly TimelinePoint[]): uPlot.AlignedData => [
  points.map((point) => Date.parse(point.start) / 1000),
  points.map((point) => point.clicks),
  points.map((point) => point.uniqueVisitors),
];

interface TimelineChartProps {
  points: readonly TimelinePoint[];
  granularity: Granularity;
  /** The chart's accessible name (a canvas says nothing by itself). */
  label: string;
}

/**
 * Clicks and unique visitors over time, drawn by uPlot on a canvas as wide as its container. The
 * canvas is an image to assistive technology: `label` names it, and the section's table holds
 * the same numbers.
 */
export function TimelineChart({ points, granularity, label }: TimelineChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const chart = new uPlot(optionsFor(element.clientWidth || 600, granularity), dataOf(points), element);
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, granularity]);

  return <div ref={holder} class="timeline-chart" role="img" aria-label={label} />;
}
