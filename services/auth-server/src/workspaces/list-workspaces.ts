import type { Role } from "@kurz/auth-verifier";
import { asc, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { memberships, workspaces } from "../db/schema";

export interface PersonWorkspace {
  id: string;
  name: string;
  plan: string;
  role: Role;
  createdAt: Date;
  /** When the person last chose it (on a consent page); a new grant defaults to the latest. */
  lastUsedAt: Date;
}

/** Memberships joined with their workspaces, as PersonWorkspace rows (a `where` to add). */
export function selectPersonWorkspaces(ctx: Pick<AuthContext, "db">) {
  return ctx.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      role: memberships.role,
      createdAt: workspaces.createdAt,
      lastUsedAt: memberships.lastUsedAt,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .$dynamic();
}

/** The workspaces a person belongs to, with their role in each, oldest membership first. */
export async function listWorkspaces(
  ctx: Pick<AuthContext, "db">,
  userId: string,
): Promise<PersonWorkspace[]> {
  const rows = await selectPersonWorkspaces(ctx)
    .where(eq(memberships.accountId, userId))
    .orderBy(asc(memberships.createdAt), asc(workspaces.id));
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}
