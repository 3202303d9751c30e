import { SCOPE_NAMES } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import type { Plan } from "../plans/plans";

/** "mcp" (may call the MCP server) plus the OAuth scope names, which MCP tools map onto. */
export const MCP_PERMISSION = "mcp";
export const API_KEY_PERMISSIONS: readonly string[] = [MCP_PERMISSION, ...SCOPE_NAMES];

/**
 * Refuses unknown permissions, and "mcp" on a plan without MCP access (PLAN_REQUIRED). Every
 * scope is grantable on every plan (plans.ts GRANTABLE_SCOPES): a plan without webhooks or A/B
 * tests is refused by webhook-dispatcher and abtest-engine when something would be created or
 * run, while listing, reading, pausing and deleting keep working.
 */
export function assertGrantablePermissions(permissions: readonly string[], plan: Plan): void {
  const unknown = permissions.filter((p) => !API_KEY_PERMISSIONS.includes(p));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: `Unknown permission: ${unknown.join(", ").slice(0, 200)}`,
      details: { allowed: API_KEY_PERMISSIONS },
    });
  }
  if (permissions.includes(MCP_PERMISSION) && !plan.mcpAccess) {
    throw new AppError("PLAN_REQUIRED", {
      message: `MCP access is not part of the ${plan.name} plan`,
      hint: "Upgrade to Pro or higher to use the MCP server",
    });
  }
}
