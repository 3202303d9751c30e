import { isRole, isWorkspaceId, type Role } from "@kurz/auth-verifier";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships, workspaces } from "../db/schema";

type Transaction = Parameters<Parameters<AuthContext["db"]["transaction"]>[0]>[0];

/**
 * Inside a membership change's transaction: the workspace row locked (changes to one workspace's
 * members run one after the other, so "another owner remains" stays true when checked), and the
 * members' roles by person. Empty when the workspace does not exist.
 */
export async function lockWorkspaceMembers(tx: Transaction, workspaceId: string): Promise<Map<string, Role>> {
  if (!isWorkspaceId(workspaceId)) return new Map();
  const [workspace] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update")
    .limit(1);
  if (!workspace) return new Map();
  const rows = await tx
    .select({ userId: memberships.accountId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
  return new Map(rows.flatMap((row) => (isRole(row.role) ? [[row.userId, row.role] as const] : [])));
}

/** How many owners a workspace has among `roles`. */
export function ownerCount(roles: ReadonlyMap<string, Role>): number {
  let owners = 0;
  for (const role of roles.values()) if (role === "owner") owners++;
  return owners;
}
