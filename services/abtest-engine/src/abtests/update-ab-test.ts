import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTests, abVariants } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import type { UpdateAbTestInput } from "./ab-test-input-schemas";
import { assertPlanAllowsAbTests } from "./assert-plan-allows-ab-tests";
import { assertWithinAllowance } from "./assert-within-allowance";
import { buildVariants } from "./build-variants";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import { invalidState } from "./invalid-state";
import type { TestWithVariants } from "./test-with-variants";

/**
 * Changes a draft (running or completed tests cannot be updated: docs/api/ab-tests.md#life-cycle).
 * A variant list replaces the old one; a variant keeps its id when given it. The one change allowed
 * outside draft is `archived` alone, on a completed test: archiving hides a finished test and frees
 * its slot of the plan; it does not edit the test. Un-archiving takes the slot back: PLAN_REQUIRED
 * when the plan no longer includes A/B tests, QUOTA_EXCEEDED when no slot is free. Live (running
 * or paused) tests cannot be archived.
 */
export async function updateAbTest(
  ctx: AbtestContext,
  accountId: string,
  reference: string,
  input: UpdateAbTestInput,
): Promise<TestWithVariants> {
  // Un-archiving takes a slot of the plan again: the plan is asked before the transaction.
  const allowance = input.archived === false ? await ctx.allowances(accountId) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const { test, variants } = await getAbTestOrThrow(tx, accountId, reference, { forUpdate: true });
    const fields = Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key);
    const archiveOnly = fields.length === 1 && fields[0] === "archived";
    if (test.status !== "draft" && !(archiveOnly && test.status === "completed")) {
      throw invalidState(
        "update",
        test.status,
        archiveOnly ? "draft or completed" : "draft",
        archiveOnly
          ? "Complete or delete the test first"
          : "Only a draft can change: create a new test instead",
      );
    }
    const now = ctx.clock.now();
    if (allowance && test.archived) {
      assertPlanAllowsAbTests(allowance);
      await assertWithinAllowance(tx, accountId, allowance, { lock: true, now });
    }
    const mode = input.traffic_split_mode ?? test.trafficSplitMode;
    const changes: Partial<typeof abTests.$inferInsert> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.conversions_enabled !== undefined) changes.conversionsEnabled = input.conversions_enabled;
    if (input.min_sample_size !== undefined) changes.minSampleSize = input.min_sample_size;
    if (input.confidence_level !== undefined) changes.confidenceLevel = input.confidence_level;
    if (input.auto_complete !== undefined) changes.autoComplete = input.auto_complete;
    if (input.min_duration_days !== undefined) changes.minDurationDays = input.min_duration_days;
    if (input.archived !== undefined) changes.archived = input.archived;

    let nextVariants = variants;
    if (input.variants !== undefined || mode !== test.trafficSplitMode) {
      // A new mode alone re-spreads the current variants (equal) or needs their weights (weighted).
      const given =
        input.variants ??
        variants.map((variant) => ({
          id: variant.id,
          name: variant.name,
          destination_url: variant.destinationUrl,
          control: variant.control,
          ...(mode === "weighted" ? { traffic_weight: variant.trafficWeight } : {}),
        }));
      const drafts = buildVariants({
        variants: given,
        mode,
        ...(test.rotator ? {} : { linkDestination: test.originalDestinationUrl }),
        existingIds: new Set(variants.map((variant) => variant.id)),
      });
      changes.trafficSplitMode = mode;
      await tx.delete(abVariants).where(eq(abVariants.testId, test.id));
      nextVariants = (
        await tx
          .insert(abVariants)
          .values(drafts.map((draft) => ({ ...draft, testId: test.id })))
          .returning()
      ).sort((a, b) => a.position - b.position);
    }
    const [row] = await tx.update(abTests).set(changes).where(eq(abTests.id, test.id)).returning();
    const result = { test: row!, variants: nextVariants };
    await enqueueAbTestChanged(tx, "abtest.updated", result, now, { test, variants });
    return result;
  });
  ctx.eventsWritten();
  return updated;
}
