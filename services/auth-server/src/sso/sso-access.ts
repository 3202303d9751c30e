import { notMemberRefusal, type Role, roleAtLeast, roleRefusal } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { type PlanId, planOf } from "../plans/plans";

/**
 * Who may do what with a workspace's single sign-on: admins and owners read it, only owners
 * change it (it decides who can enter the workspace). FORBIDDEN otherwise.
 */
export function assertSsoRole(role: Role | undefined, workspaceId: string, need: "read" | "change"): Role {
  if (!role) throw notMemberRefusal(workspaceId);
  if (need === "read" && !roleAtLeast(role, "admin")) {
    throw roleRefusal(role, "admin", "reading single sign-on settings");
  }
  if (need === "change" && role !== "owner") throw roleRefusal(role, "owner", "changing single sign-on");
  return role;
}

/** The plan that includes single sign-on. */
export const SSO_PLAN: PlanId = "enterprise";

/** Whether a workspace on `plan` may sign people in through its provider. */
export function planIncludesSso(plan: string): boolean {
  return planOf(plan).id === SSO_PLAN;
}

/**
 * PLAN_REQUIRED (the body the other plan-gated features use) unless the plan includes SSO:
 * saving and verifying ask; reading and deleting never do, so a downgraded workspace keeps them.
 */
export function assertSsoIncluded(plan: string): void {
  if (planIncludesSso(plan)) return;
  throw new AppError("PLAN_REQUIRED", {
    message: `Your ${planOf(plan).id} plan does not include single sign-on`,
    details: { plan: planOf(plan).id, required: SSO_PLAN, feature: "sso" },
    hint: "Upgrade to the Enterprise plan to sign your team in through your identity provider",
  });
}
