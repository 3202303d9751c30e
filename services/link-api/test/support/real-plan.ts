import { PLANS, type Plan, type PlanId, toProtoPlan } from "@kurz/auth-server";
import type { TestPlan } from "@kurz/testing";

/**
 * A plan of auth-server's real plan table, as GetAccount sends it. Tests that must reach a limit
 * quickly lower just that one (`{ maxLinks: 2 }`); everything else, a plan's zeros ("not
 * included") above all, stays as the table has it, so a stand-in cannot hide what the table says.
 */
export function realPlan(
  id: PlanId,
  smaller: Partial<Pick<Plan, "maxLinks" | "maxQrCodes" | "maxCampaigns" | "restRequestsPerMinute">> = {},
): TestPlan {
  return toProtoPlan({ ...PLANS[id], ...smaller });
}
