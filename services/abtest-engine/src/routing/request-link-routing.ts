import { sql } from "drizzle-orm";
import type { AbtestTransaction } from "../db/abtest-database";
import { abRoutingPending } from "../db/schema";

/**
 * Records, in the transaction that changes a test, that its link's routing at link-api must follow
 * the tests stored here (converge-link-routing.ts does it after commit). `destinationUrl` is a
 * completed test's winner; a later request without one keeps it until it was applied.
 */
export async function requestLinkRouting(
  tx: AbtestTransaction,
  accountId: string,
  linkId: string,
  now: Date,
  destinationUrl?: string,
): Promise<void> {
  await tx
    .insert(abRoutingPending)
    .values({ linkId, accountId, destinationUrl: destinationUrl ?? null, requestedAt: now })
    .onConflictDoUpdate({
      target: abRoutingPending.linkId,
      set: {
        version: sql`${abRoutingPending.version} + 1`,
        destinationUrl: sql`coalesce(excluded.destination_url, ${abRoutingPending.destinationUrl})`,
        requestedAt: now,
      },
    });
}
