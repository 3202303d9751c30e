import { isRole, isWorkspaceId, type Role } from "@kurz/auth-verifier";
import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships } from "../db/schema";

/** A person's role in a workspace, undefined when not a member (or either id is not a UUID). */
export async function roleOf(
  ctx: Pick<AuthContext, "db">,
  userId: string,
  workspaceId: string,
): Promise<Role | undefined> {
  if (!isWorkspaceId(userId) || !isWorkspaceId(workspaceId)) return undefined;
  const [row] = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, userId)))
    .limit(1);
  return row && isRole(row.role) ? row.role : undefined;
}
