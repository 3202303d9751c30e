import { AppError } from "@kurz/errors";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { AbtestExecutor } from "../db/abtest-database";
import { abTestReservations, abTests } from "../db/schema";
import type { AbTestAllowance } from "../plans/ab-test-allowance";

/**
 * Refuses a new test beyond the plan's allowance with QUOTA_EXCEEDED (403, not retryable:
 * deleting or archiving tests, or upgrading, frees room). Archived tests do not count: archiving
 * is how finished tests are kept without holding a slot (live tests cannot be archived). Inside
 * a transaction, a transaction-scoped advisory lock per account makes two concurrent creates
 * see each other; a slot reserved while a rotator link is being created counts as used.
 */
export async function assertWithinAllowance(
  db: AbtestExecutor,
  accountId: string,
  allowance: AbTestAllowance,
  options: { lock: boolean; now: Date },
): Promise<void> {
  if (allowance.limit === "unlimited") return;
  if (options.lock) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`abtests:${accountId}`}))`);
  const [row] = await db
    .select({ used: count() })
    .from(abTests)
    .where(and(eq(abTests.accountId, accountId), eq(abTests.archived, false)));
  const [held] = await db
    .select({ held: count() })
    .from(abTestReservations)
    .where(and(eq(abTestReservations.accountId, accountId), gt(abTestReservations.expiresAt, options.now)));
  const used = (row?.used ?? 0) + (held?.held ?? 0);
  if (used < allowance.limit) return;
  throw new AppError("QUOTA_EXCEEDED", {
    message:
      allowance.limit === 0
        ? `Your ${allowance.planId} plan does not include A/B tests`
        : `Your ${allowance.planId} plan allows ${allowance.limit} A/B tests`,
    details: { limit: allowance.limit, used, plan: allowance.planId },
    hint:
      allowance.limit === 0
        ? "Upgrade to the Pro plan or higher to run A/B tests"
        : "Delete or archive tests you no longer need, or upgrade your plan",
  });
}
