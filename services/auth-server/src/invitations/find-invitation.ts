import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { accounts, type InvitationRow, invitations, workspaces } from "../db/schema";

export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

export interface FoundInvitation {
  invitation: InvitationRow;
  workspaceName: string;
  inviterName: string;
  state: InvitationState;
}

/** The invitation a link's secret names, with what its page shows; undefined for an unknown one. */
export async function findInvitation(
  ctx: Pick<AuthContext, "db" | "clock">,
  secret: string,
): Promise<FoundInvitation | undefined> {
  if (secret.length > 200) return undefined;
  const [row] = await ctx.db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      inviterName: accounts.name,
      inviterEmail: accounts.email,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(accounts, eq(accounts.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, sha256Hex(secret)))
    .limit(1);
  if (!row) return undefined;
  return {
    invitation: row.invitation,
    workspaceName: row.workspaceName,
    inviterName: row.inviterName || row.inviterEmail || "",
    state: invitationState(row.invitation, ctx.clock.now()),
  };
}

export function invitationState(invitation: InvitationRow, now: Date): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}
