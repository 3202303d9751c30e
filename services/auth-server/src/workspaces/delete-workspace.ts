import { lowestRoleAllowing, roleAllows, roleRefusal } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { workspaces } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { getActorWorkspaceOrThrow } from "./find-actor-workspace";
import type { WorkspaceActor } from "./workspace-actor";

/**
 * Deletes a workspace (owners only): its memberships, invitations, API keys, single sign-on and
 * audit log go with its row, and `account.deleted` (in the same transaction, through the outbox)
 * makes every other service delete what it holds of it. Tokens that acted in it are refused from
 * their next request (no membership is left). A person's own workspace, made at sign-up, is not
 * deleted this way: it lives as long as the person (409).
 */
export async function deleteWorkspace(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
): Promise<void> {
  const workspace = await getActorWorkspaceOrThrow(ctx, actor, workspaceId);
  if (!roleAllows(workspace.role, "delete_workspace")) {
    throw roleRefusal(workspace.role, lowestRoleAllowing("delete_workspace"), "deleting it");
  }
  if (actor.type !== "person") {
    throw new AppError("FORBIDDEN", { message: "Only a person deletes a workspace, not an API key" });
  }
  if (workspace.id === actor.id) {
    throw new AppError("INVALID_STATE", {
      message: "Your own workspace, made when you signed up, cannot be deleted",
      hint: "Delete the workspaces you created; this one lives as long as your account",
    });
  }
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(workspaces)
      .where(eq(workspaces.id, workspace.id))
      .returning({ id: workspaces.id });
    // A concurrent delete got there first: the event is its.
    if (!deleted) return;
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.deleted",
        accountId: workspace.id,
        schema: authV1.AccountDeletedSchema,
        payload: { accountId: workspace.id, deletedBy: actor.id },
        occurredAt: ctx.clock.now(),
      }),
    ]);
  });
  ctx.wakeOutbox();
  // The workspace's own log went with it: the deletion is kept in the service log.
  ctx.logger.info({ event: "workspace.deleted", workspaceId: workspace.id, deletedBy: actor.id });
}
