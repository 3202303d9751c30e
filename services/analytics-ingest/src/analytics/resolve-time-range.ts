import { AppError } from "@kurz/errors";
import type { Granularity, Period, ResolvedRange } from "./analytics-types";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const PERIOD_DAYS: Record<Period, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

/** Longest window a query may cover. */
export const MAX_RANGE_DAYS = 731;

export interface TimeRangeInput {
  period?: Period | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  granularity?: Granularity | undefined;
}

export function defaultGranularity(spanMs: number): Granularity {
  if (spanMs <= 2 * DAY_MS) return "hour";
  if (spanMs <= 92 * DAY_MS) return "day";
  return "week";
}

/**
 * The window of a query: an explicit [start, end), or a period ending now (default 7d) and
 * starting at the UTC midnight on or before now minus its days. Both
 * ends are aligned to whole UTC hours (start down, end up) so that the rollups and the raw
 * clicks answer for exactly the same window.
 */
export function resolveTimeRange(input: TimeRangeInput, nowMs = Date.now()): ResolvedRange {
  let startMs: number;
  let endMs: number;
  if (input.start || input.end) {
    if (!input.start || !input.end) {
      throw new AppError("VALIDATION_ERROR", { message: "startDate and endDate go together" });
    }
    startMs = input.start.getTime();
    endMs = input.end.getTime();
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || startMs >= endMs) {
      throw new AppError("VALIDATION_ERROR", { message: "startDate must be before endDate" });
    }
  } else {
    // A period starts at a UTC midnight: N whole days and today so far. It covers the last
    // N × 24 hours and up to a day more, and its daily buckets are whole days but today's.
    endMs = nowMs;
    startMs = Math.floor((nowMs - PERIOD_DAYS[input.period ?? "7d"] * DAY_MS) / DAY_MS) * DAY_MS;
  }
  startMs = Math.floor(startMs / HOUR_MS) * HOUR_MS;
  endMs = Math.ceil(endMs / HOUR_MS) * HOUR_MS;
  if (endMs === startMs) endMs += HOUR_MS;
  if (endMs - startMs > MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError("VALIDATION_ERROR", {
      message: `A range covers at most ${MAX_RANGE_DAYS} days`,
      details: { maxDays: MAX_RANGE_DAYS },
    });
  }
  return {
    start: new Date(startMs),
    end: new Date(endMs),
    granularity: input.granularity ?? defaultGranularity(endMs - startMs),
  };
}

/** The start of the bucket holding `ms` (UTC; weeks start on Monday, as ClickHouse's toMonday). */
export function bucketStart(ms: number, granularity: Granularity): number {
  const date = new Date(ms);
  switch (granularity) {
    case "hour":
      return Math.floor(ms / HOUR_MS) * HOUR_MS;
    case "day":
      return Math.floor(ms / DAY_MS) * DAY_MS;
    case "week": {
      const day = Math.floor(ms / DAY_MS) * DAY_MS;
      const weekday = (new Date(day).getUTCDay() + 6) % 7;
      return day - weekday * DAY_MS;
    }
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
}

/** Every bucket start of the range, so a timeline has its empty buckets too. */
export function bucketStarts(range: ResolvedRange): number[] {
  const starts: number[] = [];
  let cursor = bucketStart(range.start.getTime(), range.granularity);
  const end = range.end.getTime();
  while (cursor < end) {
    starts.push(cursor);
    const next = new Date(cursor);
    switch (range.granularity) {
      case "hour":
        cursor += HOUR_MS;
        break;
      case "day":
        cursor += DAY_MS;
        break;
      case "week":
        cursor += 7 * DAY_MS;
        break;
      case "month":
        cursor = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
        break;
    }
  }
  return starts;
}
