import { randomUUID } from "node:crypto";
import {
  isRole,
  lowestRoleAllowing,
  notMemberRefusal,
  ROLES,
  roleAllows,
  roleAtLeast,
  roleRefusal,
} from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { normalizeEmail } from "../accounts/account-input";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { accounts, type InvitationRow, invitations, workspaces } from "../db/schema";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { actorRoleIn, type WorkspaceActor } from "../workspaces/workspace-actor";
import { assertRoomForMember } from "./assert-room-for-member";
import { acceptUrlOf } from "./invitation-view";
import { pendingInvitationsOf } from "./pending-invitations";
import { sendInvitationEmail } from "./send-invitation-email";

const emailSchema = z.email().max(254);

export interface CreatedInvitation {
  invitation: InvitationRow;
  /** The link to accept: shown to the inviter once, its secret stored only as a hash. */
  acceptUrl: string;
  /** Whether it was e-mailed (SMTP_URL set and the server took it). */
  emailed: boolean;
}

/**
 * Invites an e-mail address to a workspace with a role (docs/api/workspaces.md#invitations): by
 * admins and owners, never above their own role. A new invitation to an address replaces its
 * pending one. Refused for a person already a member (CONFLICT) and past the plan's member limit
 * (QUOTA_EXCEEDED, pending invitations counted). E-mailed after the commit when SMTP is set. An
 * API key invites with its role ceiling as its role, in the name of the person who made it.
 */
export async function createInvitation(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
  input: { email: unknown; role: unknown },
): Promise<CreatedInvitation> {
  const email = typeof input.email === "string" ? normalizeEmail(input.email) : "";
  if (!emailSchema.safeParse(email).success) {
    throw new AppError("VALIDATION_ERROR", {
      message: "email must be an e-mail address",
      details: { fields: { email: "Enter a valid email address." } },
    });
  }
  const role = input.role;
  if (typeof role !== "string" || !isRole(role)) {
    throw new AppError("VALIDATION_ERROR", {
      message: `role must be one of: ${ROLES.join(", ")}`,
      details: { fields: { role: "unknown role" } },
    });
  }
  const now = ctx.clock.now();
  const secret = generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_inv_`);
  const { invitation, workspaceName, inviterName } = await ctx.db.transaction(async (tx) => {
    const roles = await lockWorkspaceMembers(tx, workspaceId);
    const actorRole = actorRoleIn(actor, workspaceId, roles);
    if (!actorRole) {
      throw notMemberRefusal(workspaceId);
    }
    if (!roleAllows(actorRole, "manage_members")) {
      throw roleRefusal(actorRole, lowestRoleAllowing("manage_members"), "inviting members");
    }
    if (!roleAtLeast(actorRole, role)) throw roleRefusal(actorRole, role, `inviting with the ${role} role`);
    const [person] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, email))
      .limit(1);
    if (person && roles.has(person.id)) {
      throw new AppError("CONFLICT", { message: `${email} is already a member of this workspace` });
    }
    const replaced = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(pendingInvitationsOf(workspaceId, now), eq(invitations.email, email)))
      .returning({ id: invitations.id, role: invitations.role });
    for (const old of replaced) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "invitation.revoked",
        target: { type: "invitation", id: old.id },
        changes: { email: { before: email, after: null }, role: { before: old.role, after: null } },
        at: now,
      });
    }
    await assertRoomForMember(tx, workspaceId, roles.size, now);
    const row: InvitationRow = {
      id: randomUUID(),
      workspaceId,
      email,
      role,
      tokenHash: sha256Hex(secret),
      invitedBy: actor.type === "person" ? actor.id : actor.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.INVITATION_TTL_DAYS * 86_400_000),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    };
    await tx.insert(invitations).values(row);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "invitation.created",
      target: { type: "invitation", id: row.id },
      changes: { email: { before: null, after: email }, role: { before: null, after: role } },
      at: now,
    });
    const [names] = await tx
      .select({ workspace: workspaces.name, inviter: accounts.name, inviterEmail: accounts.email })
      .from(workspaces)
      .leftJoin(accounts, row.invitedBy ? eq(accounts.id, row.invitedBy) : sql`false`)
      .where(eq(workspaces.id, workspaceId));
    ctx.logger.info(
      {
        event: "workspace.invitation_created",
        accountId: workspaceId,
        invitationId: row.id,
        replaced: replaced.length,
      },
      "invitation created",
    );
    return {
      invitation: row,
      workspaceName: names?.workspace ?? "",
      inviterName: names?.inviter || names?.inviterEmail || "",
    };
  });
  const acceptUrl = acceptUrlOf(ctx.config.ISSUER, secret);
  const emailed = await sendInvitationEmail(ctx, { invitation, acceptUrl, workspaceName, inviterName });
  return { invitation, acceptUrl, emailed };
}
