import { isRole, isWorkspaceId } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq, isNull } from "drizzle-orm";
import type { CallAuditActor } from "../audit/audit-actor-of-call";
import type { AuthContext } from "../auth-context";
import { apiKeys } from "../db/schema";
import type { ApiKeyActor } from "../workspaces/workspace-actor";

/**
 * The API key behind a call (named by the internal token its exchange produced), with its role
 * ceiling read now: a key revoked since the exchange stops here at once, as its lowered ceiling
 * would. AUTHENTICATION_REQUIRED for a revoked, unknown or other workspace's key.
 */
export async function getApiKeyActorOrThrow(
  ctx: Pick<AuthContext, "db">,
  actor: CallAuditActor & { type: "api_key" },
  workspaceId: string,
): Promise<ApiKeyActor> {
  const [key] = isWorkspaceId(actor.id)
    ? await ctx.db
        .select({ role: apiKeys.role, createdBy: apiKeys.createdBy })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, actor.id), eq(apiKeys.accountId, workspaceId), isNull(apiKeys.revokedAt)))
        .limit(1)
    : [];
  if (!key) throw new AppError("AUTHENTICATION_REQUIRED", { message: "The API key is invalid or revoked" });
  return {
    ...actor,
    role: isRole(key.role) ? key.role : "viewer",
    workspaceId,
    createdBy: key.createdBy,
  };
}
