import { isWorkspaceId, lowestRoleAllowing, roleAllows, roleRefusal } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { invitations } from "../db/schema";
import { getActorWorkspaceOrThrow } from "../workspaces/find-actor-workspace";
import type { WorkspaceActor } from "../workspaces/workspace-actor";
import { pendingInvitationsOf } from "./pending-invitations";

/** Revokes a pending invitation (admins and owners): its link stops working at once. */
export async function revokeInvitation(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  const workspace = await getActorWorkspaceOrThrow(ctx, actor, workspaceId);
  if (!roleAllows(workspace.role, "manage_members")) {
    throw roleRefusal(workspace.role, lowestRoleAllowing("manage_members"), "revoking invitations");
  }
  const now = ctx.clock.now();
  if (!isWorkspaceId(invitationId))
    throw new AppError("NOT_FOUND", { message: "No pending invitation with this id" });
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(pendingInvitationsOf(workspace.id, now), eq(invitations.id, invitationId)))
      .returning({ email: invitations.email, role: invitations.role });
    if (!revoked) throw new AppError("NOT_FOUND", { message: "No pending invitation with this id" });
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "invitation.revoked",
      target: { type: "invitation", id: invitationId },
      changes: { email: { before: revoked.email, after: null }, role: { before: revoked.role, after: null } },
      at: now,
    });
  });
  ctx.logger.info(
    { event: "workspace.invitation_revoked", accountId: workspace.id, invitationId },
    "invitation revoked",
  );
}
