import { isWorkspaceId, notMemberRefusal } from "@kurz/auth-verifier";
import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships } from "../db/schema";
import { type PersonWorkspace, selectPersonWorkspaces } from "./list-workspaces";

/**
 * A workspace the person belongs to, with their role. FORBIDDEN when they are not a member, and
 * the same for a workspace that does not exist (its existence is not told to outsiders).
 */
export async function getPersonWorkspaceOrThrow(
  ctx: Pick<AuthContext, "db">,
  userId: string,
  workspaceId: string,
): Promise<PersonWorkspace> {
  const [row] = isWorkspaceId(workspaceId)
    ? await selectPersonWorkspaces(ctx)
        .where(and(eq(memberships.accountId, userId), eq(memberships.workspaceId, workspaceId)))
        .limit(1)
    : [];
  if (!row) {
    throw notMemberRefusal(workspaceId);
  }
  return { ...row, role: row.role as PersonWorkspace["role"] };
}
