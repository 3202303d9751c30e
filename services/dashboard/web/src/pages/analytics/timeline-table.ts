import { formatNumber } from "../../components/format-number";
import type { ReportTable } from "./report-table";
import type { Granularity, TimelinePoint } from "./report-types";

const UTC = "UTC";
const FORMATS: Record<Granularity, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: UTC }),
  day: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: UTC }),
  week: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: UTC }),
  month: new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: UTC }),
};

const STEP_NAMES: Record<Granularity, string> = {
  hour: "hour",
  day: "day",
  week: "week",
  month: "month",
};

export const stepName = (granularity: Granularity): string => STEP_NAMES[granularity];

/** A bucket's start as the reader reads it ("Week of 3 Nov 2026"); the buckets are UTC. */
export function bucketLabel(start: string, granularity: Granularity): string {
  const text = FORMATS[granularity].format(new Date(start));
  if (granularity === "week") return `Week of ${text}`;
  return granularity === "hour" ? `${text} UTC` : text;
}

/** The timeline's numbers as a table: the chart's text alternative, and its rows in the CSV. */
export function timelineTable(points: readonly TimelinePoint[], granularity: Granularity): ReportTable {
  return {
    id: "timeline",
    title: "Timeline",
    columns: [
      {
        label:
          granularity === "hour"
            ? "Hour (UTC)"
            : `${stepName(granularity)[0]?.toUpperCase()}${stepName(granularity).slice(1)}`,
      },
      { label: "Clicks", numeric: true },
      { label: "Unique visitors", numeric: true },
      { label: "Bot clicks", numeric: true },
    ],
    rows: points.map((point) => [
      { text: bucketLabel(point.start, granularity), value: point.start },
      { text: formatNumber(point.clicks), value: point.clicks },
      { text: formatNumber(point.uniqueVisitors), value: point.uniqueVisitors },
      { text: formatNumber(point.bots), value: point.bots },
    ]),
    empty: "No clicks in this period.",
  };
}
