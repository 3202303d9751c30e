import { AppError } from "@kurz/errors";
import { sql } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type PlanLimits, type PlanQuota, UNLIMITED } from "./account-plans";

const NOUNS: Record<PlanQuota, string> = {
  maxLinks: "short links",
  maxQrCodes: "QR codes",
  maxCampaigns: "campaigns",
  maxSubdomains: "subdomains",
  maxBrandedDomains: "branded domains",
};

/**
 * The transaction-scoped lock of one account's quota: two transactions creating under the same
 * quota queue here, so each counts what the other committed.
 */
export async function lockQuota(tx: LinkApiTransaction, accountId: string, quota: PlanQuota): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${quota}:${accountId}`}))`);
}

/**
 * Refuses a create that would exceed the plan with QUOTA_EXCEEDED (403, not retryable: waiting
 * never frees room, deleting or upgrading does; the rate limit's PLAN_LIMIT_EXCEEDED is another
 * thing). A limit of 0 means the plan does not include the resource. Runs inside the create's
 * transaction, after a transaction-scoped advisory lock per account and quota, so two concurrent
 * creates cannot both see room for one.
 */
export async function assertWithinQuota(
  tx: LinkApiTransaction,
  accountId: string,
  plan: PlanLimits,
  quota: PlanQuota,
  countCurrent: () => Promise<number>,
): Promise<void> {
  if (plan[quota] === UNLIMITED) return;
  await lockQuota(tx, accountId, quota);
  assertRoom(plan, quota, await countCurrent());
}

/** QUOTA_EXCEEDED unless `used` leaves room for one more; the caller holds the quota's lock. */
export function assertRoom(plan: PlanLimits, quota: PlanQuota, used: number): void {
  const limit = plan[quota];
  if (limit === UNLIMITED || used < limit) return;
  const noun = NOUNS[quota];
  throw new AppError("QUOTA_EXCEEDED", {
    message:
      limit === 0
        ? `Your ${plan.planId} plan does not include ${noun} (limit 0)`
        : `Your ${plan.planId} plan allows ${limit} ${noun}`,
    details: { limit, used, plan: plan.planId },
    hint:
      limit === 0
        ? `Upgrade your plan to add ${noun}`
        : `Delete ${noun} you no longer need, or upgrade your plan`,
  });
}
