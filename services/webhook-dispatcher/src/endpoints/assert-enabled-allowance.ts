import { AppError } from "@kurz/errors";
import { and, count, eq } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import { endpointLimitOf, type WebhookAllowance } from "../plans/webhook-allowance";
import { MAX_ENDPOINTS_HARD_CAP } from "./webhook-input-schemas";

/**
 * Refuses to enable one more endpoint when the plan's limit is already enabled (QUOTA_EXCEEDED,
 * 403): after a downgrade to fewer endpoints, those beyond the limit stay paused until the account
 * disables or deletes others. The caller holds the account's lock (lockAccountEndpoints).
 */
export async function assertEnabledAllowance(
  tx: WebhookExecutor,
  accountId: string,
  allowance: WebhookAllowance,
): Promise<void> {
  const limit = endpointLimitOf(allowance, MAX_ENDPOINTS_HARD_CAP);
  const [row] = await tx
    .select({ enabled: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)));
  const enabled = row?.enabled ?? 0;
  if (enabled < limit) return;
  throw new AppError("QUOTA_EXCEEDED", {
    message: `Your ${allowance.planId} plan allows ${limit} enabled webhook endpoints`,
    details: { limit, enabled, plan: allowance.planId },
    hint: "Disable or delete another endpoint first, or upgrade your plan",
  });
}
