import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTests } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { convergeLinkRouting } from "../routing/converge-link-routing";
import { requestLinkRouting } from "../routing/request-link-routing";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import type { TestWithVariants } from "./test-with-variants";

/**
 * Deletes a test and its variants (docs/api/ab-tests.md#life-cycle). After commit the link's
 * routing follows what is left (converge-link-routing.ts): with no other running test on it, the
 * link serves its own destination again, whatever status the deleted test had. The
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
    const now = ctx.clock.now();
    await tx.delete(abTests).where(eq(abTests.id, found.test.id));
    // Whatever its status: a draft's link may still be split by a start whose answer was lost.
    if (!found.test.linkDeletedAt) await requestLinkRouting(tx, accountId, found.test.linkId, now);
    await enqueueAbTestChanged(tx, "abtest.deleted", found, now, found);
    return found;
  });
  ctx.eventsWritten();
  await convergeLinkRouting(ctx, deleted.test.linkId).catch((err) =>
    ctx.logger.warn({ event: "abtest.routing_deferred", abTestId: deleted.test.id, err }),
  );
  return deleted;
}
