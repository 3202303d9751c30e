import { asc } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type InvitationRow, invitations } from "../db/schema";
import { getPersonWorkspaceOrThrow } from "../workspaces/find-person-workspace";
import { pendingInvitationsOf } from "./pending-invitations";

/** A workspace's pending invitations (any member may see them), oldest first. */
export async function listInvitations(
  ctx: AuthContext,
  userId: string,
  workspaceId: string,
): Promise<InvitationRow[]> {
  await getPersonWorkspaceOrThrow(ctx, userId, workspaceId);
  return ctx.db
    .select()
    .from(invitations)
    .where(pendingInvitationsOf(workspaceId, ctx.clock.now()))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}
