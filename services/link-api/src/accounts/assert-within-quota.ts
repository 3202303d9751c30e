import { AppError } from "@kurz/errors";
import { sql } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import type { PlanLimits, PlanQuota } from "./account-plans";

const NOUNS: Record<PlanQuota, string> = {
  maxLinks: "short links",
  maxQrCodes: "QR codes",
  maxCampaigns: "campaigns",
  maxSubdomains: "subdomains",
  maxBrandedDomains: "branded domains",
};

/**
 * Refuses a create that would exceed the plan (PLAN_LIMIT_EXCEEDED). Runs inside the create's
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
  const limit = plan[quota];
  if (limit <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${quota}:${accountId}`}))`);
  const current = await countCurrent();
  if (current >= limit) {
    throw new AppError("PLAN_LIMIT_EXCEEDED", {
      message: `Your ${plan.planId} plan allows ${limit} ${NOUNS[quota]}`,
      details: { limit, current, plan: plan.planId },
      hint: "Delete some or upgrade your plan",
    });
  }
}
