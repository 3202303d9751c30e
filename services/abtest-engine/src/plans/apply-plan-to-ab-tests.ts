import { and, eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { withVariants } from "../abtests/test-with-variants";
import { abTests } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { convergeLinkRouting } from "../routing/converge-link-routing";
import { requestLinkRouting } from "../routing/request-link-routing";
import type { AbTestAllowance } from "./ab-test-allowance";

/**
 * Makes an account's tests follow its plan, as announced by `account.plan_changed`: a plan without
 * A/B tests pauses every running test (abtest.paused; its link serves its own destination again),
 * since the account no longer pays for split traffic. Paused tests keep their results and resume
 * once the plan allows it again (start and resume check the plan). A plan that still includes A/B
 * tests changes nothing: a lower count only limits creating and un-archiving. Idempotent: a
 * replayed event finds nothing running. Returns the tests paused.
 */
export async function applyPlanToAbTests(
  ctx: AbtestContext,
  accountId: string,
  allowance: AbTestAllowance,
): Promise<number> {
  if (allowance.limit !== 0) return 0;
  const now = ctx.clock.now();
  const paused = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(abTests)
      .set({ status: "paused", updatedAt: now })
      .where(and(eq(abTests.accountId, accountId), eq(abTests.status, "running")))
      .returning();
    for (const test of await withVariants(tx, rows)) {
      await requestLinkRouting(tx, accountId, test.test.linkId, now);
      await enqueueAbTestChanged(tx, "abtest.paused", test, now);
    }
    return rows;
  });
  if (paused.length === 0) return 0;
  ctx.eventsWritten();
  for (const test of paused) {
    ctx.logger.info({ event: "abtest.paused_by_plan", abTestId: test.id, plan: allowance.planId });
    // After commit; the reconciler repeats it when link-api does not answer.
    await convergeLinkRouting(ctx, test.linkId).catch((err) =>
      ctx.logger.warn({ event: "abtest.routing_deferred", abTestId: test.id, err }),
    );
  }
  return paused.length;
}
