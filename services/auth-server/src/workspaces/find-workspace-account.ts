import { isWorkspaceId } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { and, asc, eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { accounts, memberships, workspaces } from "../db/schema";

/**
 * A workspace as the other services know it: the "account" of AuthService.GetAccount, whose id is
 * every service's account_id. `email` is its (first) owner's.
 */
export interface WorkspaceAccount {
  id: string;
  name: string;
  email: string;
  plan: string;
  createdAt: Date;
}

export async function findWorkspaceAccount(
  ctx: Pick<AuthContext, "db">,
  workspaceId: string,
): Promise<WorkspaceAccount | undefined> {
  if (!isWorkspaceId(workspaceId)) return undefined;
  const [row] = await ctx.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      email: accounts.email,
      plan: workspaces.plan,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.role, "owner")))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(workspaces.id, workspaceId))
    // A workspace may have several owners: the first one stands for it.
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row;
}

export async function getWorkspaceAccountOrThrow(
  ctx: Pick<AuthContext, "db">,
  workspaceId: string,
): Promise<WorkspaceAccount> {
  const row = await findWorkspaceAccount(ctx, workspaceId);
  if (!row) throw new AppError("NOT_FOUND", { message: "Account not found" });
  return row;
}
