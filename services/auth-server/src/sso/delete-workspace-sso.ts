import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { PersonActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { workspaceSso } from "../db/schema";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { assertSsoRole } from "./sso-access";

/**
 * Removes a workspace's single sign-on, by its owners, on any plan (a downgraded workspace can
 * still take it away). Its people stay members, and sign in with a password or another way.
 */
export async function deleteWorkspaceSso(
  ctx: AuthContext,
  actor: PersonActor,
  workspaceId: string,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const roles = await lockWorkspaceMembers(tx, workspaceId);
    assertSsoRole(roles.get(actor.id), workspaceId, "change");
    const [removed] = await tx
      .delete(workspaceSso)
      .where(eq(workspaceSso.workspaceId, workspaceId))
      .returning();
    if (!removed)
      throw new AppError("NOT_FOUND", { message: "Single sign-on is not set up for this workspace" });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "sso.deleted",
      target: { type: "workspace_sso", id: workspaceId },
      changes: {
        issuer: { before: removed.issuer, after: null },
        client_id: { before: removed.clientId, after: null },
        domain: { before: removed.domain, after: null },
        enforced: { before: removed.enforced, after: null },
      },
      at: now,
    });
  });
  ctx.logger.info({ event: "workspace.sso_deleted", accountId: workspaceId }, "single sign-on removed");
}
