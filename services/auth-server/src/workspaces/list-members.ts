import type { Role } from "@kurz/auth-verifier";
import { asc, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { accounts, memberships } from "../db/schema";
import { getActorWorkspaceOrThrow } from "./find-actor-workspace";
import type { WorkspaceActor } from "./workspace-actor";

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
}

/** A workspace's members (any member, or a key of the workspace, may see them), earliest first. */
export async function listMembers(
  ctx: AuthContext,
  viewer: WorkspaceActor,
  workspaceId: string,
): Promise<Member[]> {
  await getActorWorkspaceOrThrow(ctx, viewer, workspaceId);
  const rows = await ctx.db
    .select({
      userId: accounts.id,
      email: accounts.email,
      name: accounts.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt), asc(accounts.id));
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}
