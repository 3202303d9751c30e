import { notMemberRefusal } from "@kurz/auth-verifier";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { workspaces } from "../db/schema";
import { getPersonWorkspaceOrThrow } from "./find-person-workspace";
import type { PersonWorkspace } from "./list-workspaces";
import type { WorkspaceActor } from "./workspace-actor";

/**
 * The workspace an actor acts in, with its role there: a person's membership
 * (getPersonWorkspaceOrThrow), or an API key's own workspace with its role ceiling. FORBIDDEN for
 * any other workspace, as for a non-member.
 */
export async function getActorWorkspaceOrThrow(
  ctx: Pick<AuthContext, "db">,
  actor: WorkspaceActor,
  workspaceId: string,
): Promise<PersonWorkspace> {
  if (actor.type === "person") return getPersonWorkspaceOrThrow(ctx, actor.id, workspaceId);
  const [row] =
    actor.workspaceId === workspaceId
      ? await ctx.db
          .select({
            id: workspaces.id,
            name: workspaces.name,
            plan: workspaces.plan,
            createdAt: workspaces.createdAt,
          })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId))
          .limit(1)
      : [];
  if (!row) throw notMemberRefusal(workspaceId);
  // A key is never "chosen" on a consent page: its creation stands for the last use.
  return { ...row, role: actor.role, lastUsedAt: row.createdAt };
}
