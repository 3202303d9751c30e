import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abRoutingPending, abTestReservations, abTests } from "../db/schema";

/**
 * Deletes every A/B test of a deleted workspace (`account.deleted`), their variants with them,
 * and what is pending for its links (link-api deletes the links themselves). Idempotent: a
 * redelivered event finds nothing.
 */
export async function deleteAccountAbTests(ctx: Pick<AbtestContext, "db" | "logger">, accountId: string) {
  const deleted = await ctx.db.transaction(async (tx) => {
    await tx.delete(abRoutingPending).where(eq(abRoutingPending.accountId, accountId));
    await tx.delete(abTestReservations).where(eq(abTestReservations.accountId, accountId));
    return tx.delete(abTests).where(eq(abTests.accountId, accountId)).returning({ id: abTests.id });
  });
  if (deleted.length > 0) {
    ctx.logger.info({ event: "abtest.account_deleted", accountId, tests: deleted.length });
  }
}
