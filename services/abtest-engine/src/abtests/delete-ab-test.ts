import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTests } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import type { TestWithVariants } from "./test-with-variants";

/**
 * Deletes a test and its variants (docs/api/ab-tests.md#life-cycle). A running or paused test's
 * routing is removed first, in the same transaction: the link serves its own destination again. The
 * link stays — a rotator link too, pointing at its control (or a completed test's winner): printed
 * links keep working; delete it through the links API if it is no longer wanted. Click and
 * conversion data stay in analytics.
 */
export async function deleteAbTest(
  ctx: AbtestContext,
  accountId: string,
  reference: string,
): Promise<TestWithVariants> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const found = await getAbTestOrThrow(tx, accountId, reference, { forUpdate: true });
    const live = found.test.status === "running" || found.test.status === "paused";
    await tx.delete(abTests).where(eq(abTests.id, found.test.id));
    if (live && !found.test.linkDeletedAt) {
      await ctx.links.setRouting(accountId, found.test.linkId, { testId: "", variants: [] });
    }
    await enqueueAbTestChanged(tx, "abtest.deleted", found, ctx.clock.now());
    return found;
  });
  ctx.eventsWritten();
  return deleted;
}
