import {
  isRole,
  lowestRoleAllowing,
  notMemberRefusal,
  ROLES,
  type Role,
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
import { actorRoleIn, type WorkspaceActor } from "./workspace-actor";

/**
 * Gives a member another role (docs/api/workspaces.md#members). Admins and owners manage members,
 * never above their own role; only owners make or unmake owners; the last owner stays one. The
 * new role holds from the member's next request to any service. An API key manages members with
 * its role ceiling as its role.
 */
export async function changeMemberRole(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
  targetId: string,
  role: unknown,
): Promise<{ role: Role; previousRole: Role }> {
  if (typeof role !== "string" || !isRole(role)) {
    throw new AppError("VALIDATION_ERROR", {
      message: `role must be one of: ${ROLES.join(", ")}`,
      details: { fields: { role: "unknown role" } },
    });
  }
  const now = ctx.clock.now();
  const previousRole = await ctx.db.transaction(async (tx) => {
    const roles = await lockWorkspaceMembers(tx, workspaceId);
    const actorRole = actorRoleIn(actor, workspaceId, roles);
    if (!actorRole) throw notMemberRefusal(workspaceId);
    if (!roleAllows(actorRole, "manage_members")) {
      throw roleRefusal(actorRole, lowestRoleAllowing("manage_members"), "managing members");
    }
    const current = roles.get(targetId);
    if (!current) throw new AppError("NOT_FOUND", { message: "No such member in this workspace" });
    if (!roleAtLeast(actorRole, current) || !roleAtLeast(actorRole, role)) {
      throw roleRefusal(
        actorRole,
        "owner",
        `giving or changing the ${current === "owner" ? current : role} role`,
      );
    }
    if (current === role) return current;
    if (current === "owner" && ownerCount(roles) === 1) {
      throw new AppError("INVALID_STATE", {
        message: "A workspace always has an owner: make another member owner first",
      });
    }
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, targetId)));
    await enqueueMemberChanged(tx, {
      workspaceId,
      userId: targetId,
      role,
      previousRole: current,
      changedBy: actor.id,
      at: now,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "member.role_changed",
      target: { type: "member", id: targetId },
      changes: { role: { before: current, after: role } },
      at: now,
    });
    return current;
  });
  if (previousRole !== role) {
    ctx.wakeOutbox();
    ctx.logger.info(
      {
        event: "workspace.member_role_changed",
        accountId: workspaceId,
        userId: targetId,
        role,
        previousRole,
        by: actor.id,
      },
      "member role changed",
    );
  }
  return { role, previousRole };
}
