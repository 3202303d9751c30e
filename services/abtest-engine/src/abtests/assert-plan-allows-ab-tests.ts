import { AppError } from "@kurz/errors";
import type { AbTestAllowance } from "../plans/ab-test-allowance";

/**
 * Refuses to create, run (start, resume) or bring back (un-archive) a test when the account's
 * plan does not include A/B tests: PLAN_REQUIRED (403, not retryable; docs/api/ab-tests.md#plan).
 * The test stays as it was. Listing, reading results, pausing, completing, archiving and deleting
 * never ask: tokens of every plan hold the abtest scopes, so a downgraded account keeps them.
 */
export function assertPlanAllowsAbTests(allowance: AbTestAllowance): void {
  if (allowance.limit !== 0) return;
  throw new AppError("PLAN_REQUIRED", {
    message: `Your ${allowance.planId} plan does not include A/B tests`,
    details: { plan: allowance.planId, feature: "ab_tests" },
    hint: "Upgrade to the Pro plan or higher to run A/B tests",
  });
}
