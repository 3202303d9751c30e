/**
 * The dimension rollup job run to completion over a built dataset, as a service does after its
 * first start (the backfill of every finished day): the bench and the exactness test read the
 * reports the way a running service answers them.
 */

import { createCache } from "@kurz/cache";
import type { ClickStore } from "@kurz/clickstore";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDimensionRollups } from "../../src/rollups/create-dimension-rollups";

/** Rolls up every day finished at `nowMs`; resolves to the days rolled. */
export async function rollUpDataset(store: ClickStore, nowMs: number): Promise<number> {
  const cache = createCache();
  try {
    const rollups = createDimensionRollups({
      store,
      locks: cache.locks,
      logger: createLogger({ service: "analytics-bench", level: "silent" }),
      clock: new TestClock({ frozen: true, at: new Date(nowMs) }),
      intervalMs: 60_000,
      settleMs: 0,
    });
    return await rollups.runOnce();
  } finally {
    await cache.close();
  }
}
