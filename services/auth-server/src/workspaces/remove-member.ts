import {
  lowestRoleAllowing,
  notMemberRefusal,
  roleAllows,
  roleAtLeast,
  roleRefusal,
} from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { memberships } from "../db/schema";
import { lockWorkspaceMembers, ownerCount } from "./lock-workspace-members";
import { enqueueMemberChanged } from "./member-event";
import { actorRoleIn, personOf, type WorkspaceActor } from "./workspace-actor";

/**
 * Removes a member, or lets a person leave (docs/api/workspaces.md#members). Admins and owners
 * remove members whose role is not above theirs; the last owner cannot go. From the person's next
 * request on, every service refuses them in this workspace (their tokens and sessions included).
 * An API key removes with its role ceiling as its role (it never leaves: it is no member).
 */
export async function removeMember(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
  targetId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction(async (tx) => {
    const roles = await lockWorkspaceMembers(tx, workspaceId);
    const actorRole = actorRoleIn(actor, workspaceId, roles);
    const leaving = targetId === personOf(actor);
    if (!actorRole) {
      throw notMemberRefusal(workspaceId);
    }
    const role = roles.get(targetId);
    if (!role) throw new AppError("NOT_FOUND", { message: "No such member in this workspace" });
    if (!leaving) {
      if (!roleAllows(actorRole, "manage_members")) {
        throw roleRefusal(actorRole, lowestRoleAllowing("manage_members"), "removing members");
      }
      if (!roleAtLeast(actorRole, role))
        throw roleRefusal(actorRole, role, `removing a member with the ${role} role`);
    }
    if (role === "owner" && ownerCount(roles) === 1) {
      throw new AppError("INVALID_STATE", {
        message: "A workspace always has an owner: make another member owner first",
      });
    }
    await tx
      .delete(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, targetId)));
    await enqueueMemberChanged(tx, {
      workspaceId,
      userId: targetId,
      role: undefined,
      previousRole: role,
      changedBy: actor.id,
      at: now,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: leaving ? "member.left" : "member.removed",
      target: { type: "member", id: targetId },
      changes: { role: { before: role, after: null } },
      at: now,
    });
    return role;
  });
  ctx.wakeOutbox();
  ctx.logger.info(
    {
      event: "workspace.member_removed",
      accountId: workspaceId,
      userId: targetId,
      role: removed,
      by: actor.id,
    },
    "member removed",
  );
}
