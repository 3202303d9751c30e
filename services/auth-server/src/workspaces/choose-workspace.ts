import { isWorkspaceId } from "@kurz/auth-verifier";
import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships } from "../db/schema";

/**
 * The person chose a workspace (on a consent page): records when, so the next consent preselects
 * it. False when the person is not a member of it (nothing recorded).
 */
export async function chooseWorkspace(
  ctx: Pick<AuthContext, "db" | "clock">,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  if (!isWorkspaceId(workspaceId)) return false;
  const chosen = await ctx.db
    .update(memberships)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, userId)))
    .returning({ role: memberships.role });
  return chosen.length > 0;
}
