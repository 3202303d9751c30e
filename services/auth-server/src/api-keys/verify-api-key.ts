import { isRole, isScope, roleAllowsScope } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { type ApiKeyRow, accounts, apiKeys, memberships, workspaces } from "../db/schema";
import { planOf } from "../plans/plans";
import type { WorkspaceAccount } from "../workspaces/find-workspace-account";
import { MCP_PERMISSION } from "./api-key-permissions";

/** Writing last_used_at on every call would turn each MCP request into a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves an MCP API key: unknown or revoked → AUTHENTICATION_REQUIRED; plan without MCP
 * access → PLAN_REQUIRED; key without the "mcp" permission → FORBIDDEN. The key's permissions
 * come back narrowed to what its role ceiling allows (docs/api/workspaces.md#roles).
 */
export async function verifyApiKey(
  ctx: AuthContext,
  secret: string,
): Promise<{ account: WorkspaceAccount; key: ApiKeyRow }> {
  const prefix = `${ctx.config.BRAND_PREFIX}_`;
  const refused = new AppError("AUTHENTICATION_REQUIRED", { message: "The API key is invalid or revoked" });
  if (!secret.startsWith(prefix) || secret.length > 200) throw refused;
  const [found] = await ctx.db
    .select({
      key: apiKeys,
      account: {
        id: workspaces.id,
        name: workspaces.name,
        email: accounts.email,
        plan: workspaces.plan,
        createdAt: workspaces.createdAt,
      },
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.accountId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.role, "owner")))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(apiKeys.keyHash, sha256Hex(secret)))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!found || found.key.revokedAt) throw refused;
  const plan = planOf(found.account.plan);
  if (!plan.mcpAccess) {
    throw new AppError("PLAN_REQUIRED", {
      message: `MCP access is not part of the ${plan.name} plan`,
      hint: "Upgrade to Pro or higher to use the MCP server",
    });
  }
  if (!found.key.permissions.includes(MCP_PERMISSION)) {
    throw new AppError("FORBIDDEN", { message: "This API key was created without MCP permission" });
  }
  // The key acts with at most its role: permissions beyond what the role allows do nothing.
  const ceiling = isRole(found.key.role) ? found.key.role : "viewer";
  const permissions = found.key.permissions.filter(
    (p) => p === MCP_PERMISSION || (isScope(p) && roleAllowsScope(ceiling, p)),
  );
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, found.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  return { account: found.account, key: { ...found.key, permissions, lastUsedAt: now } };
}
