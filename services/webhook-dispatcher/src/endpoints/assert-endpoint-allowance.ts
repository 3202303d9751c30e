import { AppError } from "@kurz/errors";
import { count, eq } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import { endpointLimitOf, type WebhookAllowance } from "../plans/webhook-allowance";
import { lockAccountEndpoints } from "./lock-account-endpoints";
import { MAX_ENDPOINTS_HARD_CAP } from "./webhook-input-schemas";

/**
 * Refuses an endpoint beyond the plan's allowance (QUOTA_EXCEEDED, 403). A transaction-scoped
 * advisory lock per account makes two concurrent creates see each other.
 */
export async function assertEndpointAllowance(
  tx: WebhookExecutor,
  accountId: string,
  allowance: WebhookAllowance,
): Promise<void> {
  const limit = endpointLimitOf(allowance, MAX_ENDPOINTS_HARD_CAP);
  await lockAccountEndpoints(tx, accountId);
  const [row] = await tx
    .select({ used: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
  const used = row?.used ?? 0;
  if (used < limit) return;
  throw new AppError("QUOTA_EXCEEDED", {
    message: `Your ${allowance.planId} plan allows ${limit} webhook endpoints`,
    details: { limit, used, plan: allowance.planId },
    hint: "Delete endpoints you no longer need (one endpoint can receive many event types), or upgrade your plan",
  });
}
