import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { and, count, eq } from "drizzle-orm";
import { toProtoAccount } from "../accounts/to-proto-account";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { accounts, memberships, workspaces } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import type { PersonWorkspace } from "./list-workspaces";
import { workspaceNameOf } from "./workspace-name";

/**
 * Workspaces one person may own. Each starts on the free plan with its quotas, so without a bound
 * one sign-up could multiply them (docs/api/workspaces.md#workspaces).
 */
export const MAX_OWNED_WORKSPACES = 10;

/** A new workspace on the free plan, its creator the owner; announces `account.created`. */
export async function createWorkspace(
  ctx: AuthContext,
  userId: string,
  name: unknown,
  actor: AuditActor,
): Promise<PersonWorkspace> {
  const workspaceName = workspaceNameOf(name);
  const now = ctx.clock.now();
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // The person's row, locked: two creations at once cannot both pass the bound.
    const [person] = await tx
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, userId))
      .for("update")
      .limit(1);
    if (!person) throw new AppError("NOT_FOUND", { message: "Account not found" });
    const [owned] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.accountId, userId), eq(memberships.role, "owner")));
    if ((owned?.n ?? 0) >= MAX_OWNED_WORKSPACES) {
      throw new AppError("QUOTA_EXCEEDED", {
        message: `A person may own at most ${MAX_OWNED_WORKSPACES} workspaces`,
        details: { limit: MAX_OWNED_WORKSPACES, used: owned?.n ?? 0 },
        hint: "Delete a workspace you no longer use, or hand its ownership to someone else",
      });
    }
    await tx
      .insert(workspaces)
      .values({ id, name: workspaceName, plan: "free", createdAt: now, updatedAt: now });
    await tx
      .insert(memberships)
      .values({ workspaceId: id, accountId: userId, role: "owner", createdAt: now, lastUsedAt: now });
    await recordAudit(tx, {
      workspaceId: id,
      actor,
      action: "workspace.created",
      target: { type: "workspace", id },
      changes: { name: { before: null, after: workspaceName }, plan: { before: null, after: "free" } },
      at: now,
    });
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.created",
        accountId: id,
        schema: authV1.AccountCreatedSchema,
        payload: {
          account: toProtoAccount({
            id,
            name: workspaceName,
            email: person.email,
            plan: "free",
            createdAt: now,
          }),
        },
        occurredAt: now,
      }),
    ]);
  });
  ctx.wakeOutbox();
  ctx.logger.info({ event: "workspace.created", accountId: id, userId }, "workspace created");
  return { id, name: workspaceName, plan: "free", role: "owner", createdAt: now, lastUsedAt: now };
}
