import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTests } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { convergeLinkRouting } from "../routing/converge-link-routing";
import { requestLinkRouting } from "../routing/request-link-routing";
import { analyzeAbTest } from "./analyze-ab-test";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import { invalidState } from "./invalid-state";
import { pickWinner } from "./pick-winner";
import type { TestWithVariants } from "./test-with-variants";

export interface Completion {
  completed: TestWithVariants;
  /** Whether the statistics call this variant the winner (verdict `winner` for it). */
  statisticallySupported: boolean;
  reason: string;
}

/**
 * Completes a running or paused test (docs/api/ab-tests.md#life-cycle): the winner is
 * `winnerVariantId`, else the statistics' significant winner, else the control (pick-winner.ts); link-api makes the
 * winner's destination the link's for good and removes the routing, after the status change
 * committed (converge-link-routing.ts; the reconciler repeats it when link-api does not answer). The answer says whether the statistics support that winner, so a caller who
 * completes early is told, not stopped.
 */
export async function completeAbTest(
  ctx: AbtestContext,
  accountId: string,
  reference: string,
  winnerVariantId: string | undefined,
): Promise<Completion> {
  // The counts come from analytics before the transaction: a slow analytics answer must not
  // hold the row lock (and PGlite's one connection).
  const before = await getAbTestOrThrow(ctx.db, accountId, reference);
  if (before.test.status !== "running" && before.test.status !== "paused") {
    throw invalidState("complete", before.test.status, "running or paused", "Start the test first");
  }
  const analysis = await analyzeAbTest(ctx, before, 1);

  const completion = await ctx.db.transaction(async (tx) => {
    const { test, variants } = await getAbTestOrThrow(tx, accountId, before.test.id, { forUpdate: true });
    if (test.status !== "running" && test.status !== "paused") {
      throw invalidState("complete", test.status, "running or paused", "Start the test first");
    }
    const winner = winnerVariantId
      ? variants.find((variant) => variant.id === winnerVariantId)
      : pickWinner(variants, analysis);
    if (!winner) {
      throw new AppError("VALIDATION_ERROR", {
        message: "winner_variant_id is not a variant of this test",
        details: { field: "winner_variant_id" },
        hint: "Get the test to see its variants' ids",
      });
    }
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(abTests)
      .set({ status: "completed", winnerVariantId: winner.id, completedAt: now, updatedAt: now })
      .where(eq(abTests.id, test.id))
      .returning();
    await requestLinkRouting(tx, accountId, test.linkId, now, winner.destinationUrl);
    const completed = { test: updated!, variants };
    await enqueueAbTestChanged(tx, "abtest.completed", completed, now, { test, variants });
    const supported = analysis.verdict === "winner" && analysis.winnerVariantId === winner.id;
    return {
      completed,
      statisticallySupported: supported,
      reason: supported
        ? analysis.reason
        : winnerVariantId === undefined
          ? `No significant winner yet (${analysis.verdict}): the control is kept. ${analysis.reason}`
          : analysis.verdict === "winner"
            ? `The statistics favour another variant: ${analysis.reason}`
            : `Not supported by the statistics yet (${analysis.verdict}): ${analysis.reason}`,
    };
  });
  ctx.eventsWritten();
  await convergeLinkRouting(ctx, completion.completed.test.linkId).catch((err) =>
    ctx.logger.warn({ event: "abtest.routing_deferred", abTestId: completion.completed.test.id, err }),
  );
  return completion;
}
