import { and, eq, gt, isNull } from "drizzle-orm";
import { invitations } from "../db/schema";

/** The invitations of a workspace still waiting for their person: not accepted, revoked or expired. */
export function pendingInvitationsOf(workspaceId: string, now: Date) {
  return and(
    eq(invitations.workspaceId, workspaceId),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );
}
