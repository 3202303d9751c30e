import type { Locks } from "@kurz/cache";
import type { ClickStore } from "@kurz/clickstore";
import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { Clock } from "@kurz/service-runtime";
import { listStaleDimensionDays } from "./list-stale-dimension-days";
import { rollUpDimensionDay } from "./roll-up-dimension-day";

export interface DimensionRollups {
  /** Rolls up every finished day that is missing or stale; resolves to the days rolled. */
  runOnce(): Promise<number>;
  /** Runs once in the background now, then every intervalMs. */
  start(): void;
  /** Stops the timer and waits for the day being rolled up, if any. */
  stop(): Promise<void>;
}

export interface DimensionRollupsOptions {
  store: ClickStore;
  locks: Locks;
  logger: Logger;
  clock: Clock;
  intervalMs: number;
  /** A day is rolled up this long after it ends, when its last batches have landed. */
  settleMs: number;
  timer?: RepeatingTimer;
}

const LOCK_KEY = "analytics-ingest:dimension-rollups";
const LOCK_TTL_MS = 120_000;

/**
 * The dimension rollup job: keeps link_dimensions_daily_v1 and account_dimensions_daily_v1
 * current for every finished day (roll-up-dimension-day.ts). On a first start it is the backfill
 * of everything clicks_v1 holds. One replica at a time works (a lock in the cache store); a pass
 * that finds nothing stale costs one query.
 */
export function createDimensionRollups(options: DimensionRollupsOptions): DimensionRollups {
  const { store, locks, logger, clock } = options;
  const timer = options.timer ?? systemTimer;
  let running: Promise<number> | undefined;
  let cancel: (() => void) | undefined;
  let stopping = false;

  async function pass(): Promise<number> {
    const days = await listStaleDimensionDays(store, clock.now().getTime() - options.settleMs);
    let rolled = 0;
    for (const day of days) {
      // A stop waits for the day in hand only; the rest is rolled up after the next start.
      if (stopping) break;
      const started = performance.now();
      const requests = await locks.withLock(LOCK_KEY, LOCK_TTL_MS, () =>
        rollUpDimensionDay(store, day, clock.now().getTime()),
      );
      rolled++;
      logger.info(
        {
          event: "rollup.dimension_day",
          day: new Date(day).toISOString().slice(0, 10),
          requests,
          ms: Math.round(performance.now() - started),
        },
        "dimension rollup of a day written",
      );
    }
    return rolled;
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      const run = async () => {
        try {
          await runOnce();
        } catch (err) {
          logger.warn({ event: "rollup.failed", err }, "dimension rollup pass failed; next interval retries");
        }
      };
      void run();
      cancel = timer.every(options.intervalMs, run);
    },
    async stop() {
      stopping = true;
      cancel?.();
      await running?.catch(() => undefined);
    },
  };
}
