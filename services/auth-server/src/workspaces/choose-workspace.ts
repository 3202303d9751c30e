import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships } from "../db/schema";
import { isUuid } from "./is-uuid";

/**
 * The person chose a workspace (on a consent page): records when, so the next consent preselects
 * it. False when the person is not a member of it (nothing recorded).
 */
export async function chooseWorkspace(
  ctx: Pick<AuthContext, "db" | "clock">,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  if (!isUuid(workspaceId)) return false;
  const chosen = await ctx.db
    .update(memberships)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, userId)))
    .returning({ role: memberships.role });
  return chosen.length > 0;
}
