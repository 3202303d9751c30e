import { and, eq, lte, sql } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTests } from "../db/schema";
import { analyzeAbTest } from "./analyze-ab-test";
import { completeAbTest } from "./complete-ab-test";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";

/** At most this many tests are looked at per pass (the oldest first); the next pass goes on. */
const BATCH = 50;

/**
 * One pass of `auto_complete`: every running test that asked for it, has run min_duration_days
 * since its first start, and whose verdict is `winner` is completed with that winner (its
 * destination becomes the link's). A verdict that is anything else (running, inconclusive, a
 * sample-ratio mismatch, too little data) leaves the test running. Each test is completed through
 * completeAbTest, whose transaction re-checks the status: two replicas running the pass at once
 * complete a test once, the other gets INVALID_STATE and moves on. Returns the tests completed.
 */
export async function autoCompleteAbTests(ctx: AbtestContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: abTests.id, accountId: abTests.accountId })
    .from(abTests)
    .where(
      and(
        eq(abTests.status, "running"),
        eq(abTests.autoComplete, true),
        lte(
          sql`${abTests.startedAt} + make_interval(days => ${abTests.minDurationDays})`,
          sql`${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(abTests.startedAt)
    .limit(BATCH);
  let completed = 0;
  for (const { id, accountId } of due) {
    try {
      const found = await getAbTestOrThrow(ctx.db, accountId, id);
      const analysis = await analyzeAbTest(ctx, found, 1);
      if (analysis.verdict !== "winner" || analysis.winnerVariantId === null) continue;
      await completeAbTest(ctx, accountId, id, analysis.winnerVariantId);
      completed++;
      ctx.logger.info({
        event: "abtest.auto_completed",
        abTestId: id,
        winnerVariantId: analysis.winnerVariantId,
      });
    } catch (err) {
      // One test's failure (analytics down, a concurrent completion) must not stop the others.
      ctx.logger.warn({ event: "abtest.auto_complete_failed", abTestId: id, err });
    }
  }
  return completed;
}
