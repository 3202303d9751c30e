import { asc, gt, sql } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abRoutingPending } from "../db/schema";
import { convergeLinkRouting } from "./converge-link-routing";

/** At most this many links per pass (the longest waiting first); the next pass goes on. */
const BATCH = 100;

/**
 * One pass of the routing reconciler: every link whose routing link-api has not confirmed since
 * its tests last changed (a lost answer, link-api down after commit) converges again. Runs every
 * AB_ROUTING_RECONCILE_INTERVAL_MS; one link's failure does not stop the others. Returns the links
 * that converged.
 */
export async function reconcileLinkRouting(ctx: AbtestContext): Promise<number> {
  const due = await ctx.db
    .select({ linkId: abRoutingPending.linkId })
    .from(abRoutingPending)
    .where(gt(abRoutingPending.version, sql`${abRoutingPending.confirmedVersion}`))
    .orderBy(asc(abRoutingPending.requestedAt))
    .limit(BATCH);
  let converged = 0;
  for (const { linkId } of due) {
    try {
      await convergeLinkRouting(ctx, linkId);
      converged++;
    } catch (err) {
      ctx.logger.warn({ event: "abtest.routing_reconcile_failed", linkId, err });
    }
  }
  return converged;
}
