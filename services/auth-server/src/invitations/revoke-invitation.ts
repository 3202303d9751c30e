import { lowestRoleAllowing, roleAllows, roleRefusal } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { invitations } from "../db/schema";
import { getPersonWorkspaceOrThrow } from "../workspaces/find-person-workspace";
import { isUuid } from "../workspaces/is-uuid";
import { pendingInvitationsOf } from "./pending-invitations";

/** Revokes a pending invitation (admins and owners): its link stops working at once. */
export async function revokeInvitation(
  ctx: AuthContext,
  actorId: string,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  const workspace = await getPersonWorkspaceOrThrow(ctx, actorId, workspaceId);
  if (!roleAllows(workspace.role, "manage_members")) {
    throw roleRefusal(workspace.role, lowestRoleAllowing("manage_members"), "revoking invitations");
  }
  const now = ctx.clock.now();
  const revoked = isUuid(invitationId)
    ? await ctx.db
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(pendingInvitationsOf(workspace.id, now), eq(invitations.id, invitationId)))
        .returning({ id: invitations.id })
    : [];
  if (revoked.length === 0)
    throw new AppError("NOT_FOUND", { message: "No pending invitation with this id" });
  ctx.logger.info(
    { event: "workspace.invitation_revoked", accountId: workspace.id, invitationId },
    "invitation revoked",
  );
}
