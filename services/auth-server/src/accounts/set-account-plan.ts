import { isWorkspaceId } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import type { Database } from "@kurz/relational";
import { and, asc, eq } from "drizzle-orm";
import { OPERATOR } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import { accounts, memberships, workspaces } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { isPlanId, PLAN_IDS, PLANS } from "../plans/plans";
import { normalizeEmail } from "./account-input";
import { toProtoPlan } from "./to-proto-account";

export interface PlanChange {
  /** The workspace created with the person (same id), its owner's e-mail, its plan now. */
  account: { id: string; email: string; plan: string };
  previousPlan: string;
  changed: boolean;
}

/**
 * Moves a workspace to another plan: `emailOrWorkspace` is a workspace id, or a person's e-mail
 * for the workspace created with them (the one with the person's id). The operator's command (the admin command; there is no billing) and announces
 * `account.plan_changed` in the same transaction. Tokens keep their scopes, issued before or
 * after the change (a plan never narrows scopes): the services that own a feature read the new
 * plan and refuse creating or running what it lacks (PLAN_REQUIRED).
 */
export async function setAccountPlan(
  deps: { db: Database; now: Date },
  emailOrWorkspace: string,
  planId: string,
): Promise<PlanChange> {
  if (!isPlanId(planId)) {
    throw new AppError("VALIDATION_ERROR", {
      message: `Unknown plan "${planId}" (one of: ${PLAN_IDS.join(", ")})`,
    });
  }
  return deps.db.transaction(async (tx) => {
    const byId = isWorkspaceId(emailOrWorkspace);
    const [current] = byId
      ? await tx
          .select({ id: workspaces.id, email: accounts.email, plan: workspaces.plan })
          .from(workspaces)
          .innerJoin(
            memberships,
            and(eq(memberships.workspaceId, workspaces.id), eq(memberships.role, "owner")),
          )
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(eq(workspaces.id, emailOrWorkspace.toLowerCase()))
          .orderBy(asc(memberships.createdAt))
          .for("update", { of: workspaces })
          .limit(1)
      : await tx
          .select({ id: workspaces.id, email: accounts.email, plan: workspaces.plan })
          .from(accounts)
          .innerJoin(workspaces, eq(workspaces.id, accounts.id))
          .where(eq(accounts.email, normalizeEmail(emailOrWorkspace)))
          .for("update", { of: workspaces })
          .limit(1);
    if (!current) {
      throw new AppError("NOT_FOUND", {
        message: byId ? `No workspace ${emailOrWorkspace}` : `No account with email ${emailOrWorkspace}`,
      });
    }
    if (current.plan === planId) return { account: current, previousPlan: current.plan, changed: false };
    const [row] = await tx
      .update(workspaces)
      .set({ plan: planId, updatedAt: deps.now })
      .where(eq(workspaces.id, current.id))
      .returning({ plan: workspaces.plan });
    if (!row) throw new AppError("NOT_FOUND", { message: `No workspace for ${emailOrWorkspace}` });
    const updated = { ...current, plan: row.plan };
    await recordAudit(tx, {
      workspaceId: current.id,
      actor: OPERATOR,
      action: "plan.changed",
      target: { type: "workspace", id: current.id },
      changes: { plan: { before: current.plan, after: row.plan } },
      at: deps.now,
    });
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.plan_changed",
        accountId: updated.id,
        schema: authV1.AccountPlanChangedSchema,
        payload: { accountId: updated.id, previousPlan: current.plan, plan: toProtoPlan(PLANS[planId]) },
        occurredAt: deps.now,
      }),
    ]);
    return { account: updated, previousPlan: current.plan, changed: true };
  });
}
