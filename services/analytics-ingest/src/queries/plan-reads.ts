import type { ClickStore } from "@kurz/clickstore";
import type { ResolvedRange } from "../analytics/analytics-types";
import { type DayCoverage, findRolledDays } from "./find-rolled-days";
import type { QueryScope } from "./query-scope";
import { DAY_MS, type Span, splitWindow } from "./time-windows";

/**
 * Where each part of a window is read from: whole days the job-written rollups answer (final
 * counts), other whole days (the view-fed rollups, or clicks_v1 where there is none), and the
 * partial days at the window's ends (clicks_v1, or the account's hourly rollup).
 */
export interface ReadPlan {
  /** Rolled-up whole days, epoch ms at midnight. */
  finalDays: number[];
  /** Whole days not rolled up, as spans of consecutive days. */
  otherDays: Span[];
  /** Partial days (or the whole window for hourly timelines). */
  partial: Span[];
}

/**
 * Can the job-written rollups answer this scope? Accounts, campaigns and single links, QR scans
 * of those included (the QR dimensions): they hold per-day unique visitors of exactly those.
 * Several links (a code on two hosts), a host or an A/B test are counted from the view-fed
 * rollups and clicks_v1.
 */
export function usesFinalDays(scope: QueryScope): boolean {
  if (scope.abTestId !== undefined || scope.host !== undefined) return false;
  return scope.linkIds === undefined || scope.linkIds.length === 1;
}

/** The account's day coverage over the whole days of the widest window a report reads. */
export async function coverageOf(
  store: ClickStore,
  scope: QueryScope,
  range: ResolvedRange,
): Promise<DayCoverage | undefined> {
  const days = splitWindow(range).days;
  if (!days || !usesFinalDays(scope)) return undefined;
  return findRolledDays(store, scope.accountId, days);
}

/** The plan of one window, from a coverage of (at least) its whole days. */
export function planReads(range: ResolvedRange, coverage: DayCoverage | undefined): ReadPlan {
  const split = splitWindow(range, range.granularity !== "hour");
  if (!split.days) return { finalDays: [], otherDays: [], partial: split.hours };
  if (!coverage) return { finalDays: [], otherDays: [split.days], partial: split.hours };
  const finalDays: number[] = [];
  const otherDays: Span[] = [];
  for (let day = split.days.start; day < split.days.end; day += DAY_MS) {
    if (coverage.rolled.has(day)) {
      finalDays.push(day);
      continue;
    }
    if (!coverage.unrolled.has(day)) continue;
    const last = otherDays[otherDays.length - 1];
    if (last && last.end === day) last.end = day + DAY_MS;
    else otherDays.push({ start: day, end: day + DAY_MS });
  }
  return { finalDays, otherDays, partial: split.hours };
}

/**
 * Spans the job-written rollups do not answer, split where the insert-fed hourly rollups begin
 * (QueryScope.hourlyFrom): from then on those hold every request; before, only clicks_v1 does.
 * Both are hour-aligned, so each part is a whole number of the rollups' hours.
 */
export function splitAtHourlyStart(
  spans: readonly Span[],
  from: number | undefined,
): { hourly: Span[]; raw: Span[] } {
  if (from === undefined) return { hourly: [], raw: [...spans] };
  const hourly: Span[] = [];
  const raw: Span[] = [];
  for (const span of spans) {
    if (span.end <= from) raw.push(span);
    else if (span.start >= from) hourly.push(span);
    else {
      raw.push({ start: span.start, end: from });
      hourly.push({ start: from, end: span.end });
    }
  }
  return { hourly, raw };
}
