import type { ResolvedRange } from "../analytics/analytics-types";
import { toClickHouseTime } from "../ingest/click-row";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A half-open span [start, end) in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** A window as the rollups can answer it: whole UTC days, and the hours around them. */
export interface WindowSplit {
  /** Whole UTC days (midnight to midnight); absent when the window holds none. */
  days?: Span;
  /** What is left: at most one span before the days and one after (or the whole window). */
  hours: Span[];
}

/**
 * Splits an hour-aligned window into whole UTC days and the partial days at its ends. With
 * `wholeDays: false` (hourly timelines) everything is hours.
 */
export function splitWindow(range: ResolvedRange, wholeDays = true): WindowSplit {
  const start = range.start.getTime();
  const end = range.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (!wholeDays || firstDay >= lastDay) return { hours: [{ start, end }] };
  const hours: Span[] = [];
  if (start < firstDay) hours.push({ start, end: firstDay });
  if (lastDay < end) hours.push({ start: lastDay, end });
  return { days: { start: firstDay, end: lastDay }, hours };
}

/** The UTC days of a span of whole days, as ClickHouse Date strings. */
export function daysOf(span: Span): string[] {
  const days: string[] = [];
  for (let day = span.start; day < span.end; day += DAY_MS) days.push(dateOf(day));
  return days;
}

export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `column` within any of `spans`, as SQL with bound parameters named `${name}0s`, `${name}0e`, …
 * (`0` when there are none: the source then reads nothing). `type` is the column's type.
 */
export function spansSql(
  column: string,
  spans: readonly Span[],
  name: string,
  type: "DateTime64" | "DateTime" | "Date",
): { sql: string; params: Record<string, string> } {
  if (spans.length === 0) return { sql: "0", params: {} };
  const params: Record<string, string> = {};
  const clauses = spans.map((span, i) => {
    params[`${name}${i}s`] = format(span.start, type);
    params[`${name}${i}e`] = format(span.end, type);
    const t = TYPES[type];
    return `(${column} >= {${name}${i}s:${t}} AND ${column} < {${name}${i}e:${t}})`;
  });
  return { sql: clauses.length === 1 ? (clauses[0] as string) : `(${clauses.join(" OR ")})`, params };
}

const TYPES = { DateTime64: "DateTime64(3, 'UTC')", DateTime: "DateTime('UTC')", Date: "Date" } as const;

function format(ms: number, type: "DateTime64" | "DateTime" | "Date"): string {
  if (type === "Date") return dateOf(ms);
  return toClickHouseTime(ms).slice(0, type === "DateTime" ? 19 : 23);
}
