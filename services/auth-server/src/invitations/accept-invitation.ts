import { type Role, roleAtLeast } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import type { PersonActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { type AccountRow, invitations, memberships } from "../db/schema";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { enqueueMemberChanged } from "../workspaces/member-event";
import { assertRoomForMember } from "./assert-room-for-member";
import { invitationState } from "./find-invitation";

/**
 * The signed-in person accepts an invitation and joins its workspace with its role
 * (docs/api/workspaces.md#invitations). Refused: an unknown link (NOT_FOUND); one used, revoked
 * or expired (GONE); one sent to another e-mail address (FORBIDDEN); past the plan's member
 * limit (QUOTA_EXCEEDED). A person already a member keeps the higher of the two roles. The
 * invitation row is locked, so two acceptances at once join once; the same person accepting again
 * (the answer to the first was lost) is answered as the first was, while still a member.
 */
export async function acceptInvitation(
  ctx: AuthContext,
  person: Pick<AccountRow, "id" | "email">,
  secret: string,
  actor: PersonActor,
): Promise<{ workspaceId: string; role: Role }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, sha256Hex(secret)))
      .for("update")
      .limit(1);
    if (!invitation) throw new AppError("NOT_FOUND", { message: "This invitation link is not valid" });
    const state = invitationState(invitation, now);
    if (state === "accepted" && invitation.acceptedBy === person.id) {
      // The same person again (the answer to their Join was lost): they joined, and still are in.
      const [still] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(
          and(eq(memberships.workspaceId, invitation.workspaceId), eq(memberships.accountId, person.id)),
        );
      if (still)
        return {
          workspaceId: invitation.workspaceId,
          role: still.role as Role,
          joined: false,
          replayed: true,
        };
    }
    if (state !== "pending")
      throw new AppError("GONE", {
        message: `This invitation was ${state === "accepted" ? "already used" : state}`,
      });
    if (invitation.email !== person.email) {
      throw new AppError("FORBIDDEN", {
        message: "This invitation was sent to another e-mail address: sign in with that address to accept it",
      });
    }
    const roles = await lockWorkspaceMembers(tx, invitation.workspaceId);
    const invited = invitation.role as Role;
    const current = roles.get(person.id);
    let role: Role = invited;
    if (current) {
      role = roleAtLeast(current, invited) ? current : invited;
      if (role !== current) {
        await tx
          .update(memberships)
          .set({ role, lastUsedAt: now })
          .where(
            and(eq(memberships.workspaceId, invitation.workspaceId), eq(memberships.accountId, person.id)),
          );
      }
    } else {
      await assertRoomForMember(tx, invitation.workspaceId, roles.size, now, invitation.id);
      await tx.insert(memberships).values({
        workspaceId: invitation.workspaceId,
        accountId: person.id,
        role,
        createdAt: now,
        lastUsedAt: now,
      });
    }
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: person.id })
      .where(eq(invitations.id, invitation.id));
    await recordAudit(tx, {
      workspaceId: invitation.workspaceId,
      actor,
      action: "invitation.accepted",
      target: { type: "invitation", id: invitation.id },
      changes: { member: { before: null, after: person.id }, role: { before: current ?? null, after: role } },
      at: now,
    });
    if (role !== current) {
      await enqueueMemberChanged(tx, {
        workspaceId: invitation.workspaceId,
        userId: person.id,
        role,
        previousRole: current,
        changedBy: person.id,
        at: now,
      });
    }
    return { workspaceId: invitation.workspaceId, role, joined: role !== current, replayed: false };
  });
  if (result.joined) ctx.wakeOutbox();
  if (!result.joined && result.replayed) return { workspaceId: result.workspaceId, role: result.role };
  ctx.logger.info(
    {
      event: "workspace.invitation_accepted",
      accountId: result.workspaceId,
      userId: person.id,
      role: result.role,
    },
    "invitation accepted",
  );
  return { workspaceId: result.workspaceId, role: result.role };
}
