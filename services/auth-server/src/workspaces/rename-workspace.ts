import { lowestRoleAllowing, roleAllows, roleRefusal } from "@kurz/auth-verifier";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { workspaces } from "../db/schema";
import { getActorWorkspaceOrThrow } from "./find-actor-workspace";
import type { PersonWorkspace } from "./list-workspaces";
import type { WorkspaceActor } from "./workspace-actor";
import { workspaceNameOf } from "./workspace-name";

/** Renames a workspace (admins and owners). */
export async function renameWorkspace(
  ctx: AuthContext,
  actor: WorkspaceActor,
  workspaceId: string,
  name: unknown,
): Promise<PersonWorkspace> {
  const workspace = await getActorWorkspaceOrThrow(ctx, actor, workspaceId);
  if (!roleAllows(workspace.role, "update_workspace")) {
    throw roleRefusal(workspace.role, lowestRoleAllowing("update_workspace"), "renaming it");
  }
  const newName = workspaceNameOf(name);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, workspace.id))
      .for("update");
    if (before?.name === newName) return;
    await tx.update(workspaces).set({ name: newName, updatedAt: now }).where(eq(workspaces.id, workspace.id));
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "workspace.renamed",
      target: { type: "workspace", id: workspace.id },
      changes: { name: { before: before?.name ?? null, after: newName } },
      at: now,
    });
  });
  return { ...workspace, name: newName };
}
