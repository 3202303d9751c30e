import { asc } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type InvitationRow, invitations } from "../db/schema";
import { getActorWorkspaceOrThrow } from "../workspaces/find-actor-workspace";
import type { WorkspaceActor } from "../workspaces/workspace-actor";
import { pendingInvitationsOf } from "./pending-invitations";

/** A workspace's pending invitations (any member, or a key of the workspace, may see them), oldest first. */
export async function listInvitations(
  ctx: AuthContext,
  viewer: WorkspaceActor,
  workspaceId: string,
): Promise<InvitationRow[]> {
  await getActorWorkspaceOrThrow(ctx, viewer, workspaceId);
  return ctx.db
    .select()
    .from(invitations)
    .where(pendingInvitationsOf(workspaceId, ctx.clock.now()))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}
