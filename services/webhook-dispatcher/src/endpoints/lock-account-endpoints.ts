import { sql } from "drizzle-orm";
import type { WebhookExecutor } from "../db/webhook-database";

/**
 * Serialises what counts an account's endpoints (create, re-enable, a plan change) for the rest of
 * the transaction: a transaction-scoped advisory lock per account. Taken before any endpoint row's
 * lock, always, so two such transactions cannot wait on each other.
 */
export async function lockAccountEndpoints(tx: WebhookExecutor, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${accountId}`}))`);
}
