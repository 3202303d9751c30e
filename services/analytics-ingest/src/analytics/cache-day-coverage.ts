import type { ClickStore } from "@kurz/clickstore";
import { type DayCoverage, findRolledDays } from "../queries/find-rolled-days";
import { coverageOf, usesFinalDays } from "../queries/plan-reads";
import type { QueryScope } from "../queries/query-scope";
import { DAY_MS, splitWindow } from "../queries/time-windows";
import type { AccountGenerations } from "./account-generations";
import type { ResolvedRange } from "./analytics-types";
import { type RememberOptions, rememberByGeneration } from "./remember-by-generation";

export type DayCoverageLookup = (scope: QueryScope, range: ResolvedRange) => Promise<DayCoverage | undefined>;

/**
 * The day coverage (which whole days the job-written rollups answer) is one statement before
 * every report, ~15 ms of a chDB round trip, and changes only when clicks of an account's past
 * days are written (late clicks) or a day is rolled up. Remembered per account, generation and
 * window of past whole days: such a write moves the generation (the ingest pipeline, before it
 * acknowledges), so no report plans its reads from a coverage older than the clicks it counts.
 * A day rolled up meanwhile is read from the other sources until the TTL passes (same counts,
 * more rows read). Without a generation (the cache port unreachable) nothing is remembered.
 */
export function cacheDayCoverage(
  store: ClickStore,
  generations: AccountGenerations,
  options: RememberOptions = {},
): DayCoverageLookup {
  const remember = rememberByGeneration<DayCoverage>(generations, options);
  return async (scope, range) => {
    const days = splitWindow(range).days;
    // Scopes the job-written rollups do not answer need no coverage (coverageOf reads nothing);
    // a window whose whole days reach into today is asked afresh (today's clicks move no generation).
    const today = Math.floor((options.clock?.now().getTime() ?? Date.now()) / DAY_MS) * DAY_MS;
    if (!days || !usesFinalDays(scope) || days.end > today) return coverageOf(store, scope, range);
    // The coverage is the account's, over the window's whole days: nothing else decides it.
    return remember(scope.accountId, `${days.start}|${days.end}`, () =>
      findRolledDays(store, scope.accountId, days),
    );
  };
}
