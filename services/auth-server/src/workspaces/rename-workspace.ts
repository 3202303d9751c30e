import { lowestRoleAllowing, roleAllows, roleRefusal } from "@kurz/auth-verifier";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { workspaces } from "../db/schema";
import { getPersonWorkspaceOrThrow } from "./find-person-workspace";
import type { PersonWorkspace } from "./list-workspaces";
import { workspaceNameOf } from "./workspace-name";

/** Renames a workspace (admins and owners). */
export async function renameWorkspace(
  ctx: AuthContext,
  userId: string,
  workspaceId: string,
  name: unknown,
): Promise<PersonWorkspace> {
  const workspace = await getPersonWorkspaceOrThrow(ctx, userId, workspaceId);
  if (!roleAllows(workspace.role, "update_workspace")) {
    throw roleRefusal(workspace.role, lowestRoleAllowing("update_workspace"), "renaming it");
  }
  const newName = workspaceNameOf(name);
  await ctx.db
    .update(workspaces)
    .set({ name: newName, updatedAt: ctx.clock.now() })
    .where(eq(workspaces.id, workspace.id));
  return { ...workspace, name: newName };
}
