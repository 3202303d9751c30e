import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type WorkspaceSsoRow, workspaceSso } from "../db/schema";
import { roleOf } from "../workspaces/role-of";
import { assertSsoRole } from "./sso-access";

/** A workspace's SSO settings for its admins and owners, on any plan; NOT_FOUND when none are set. */
export async function getWorkspaceSsoOrThrow(
  ctx: AuthContext,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceSsoRow> {
  assertSsoRole(await roleOf(ctx, userId, workspaceId), workspaceId, "read");
  const [row] = await ctx.db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
  if (!row) throw new AppError("NOT_FOUND", { message: "Single sign-on is not set up for this workspace" });
  return row;
}
