import type { Database } from "@kurz/relational";
import { eq } from "drizzle-orm";
import { normalizeEmail } from "../accounts/account-input";
import { setAccountPlan } from "../accounts/set-account-plan";
import type { Clock } from "../clock";
import { accounts, workspaces } from "../db/schema";
import type { RotationResult } from "../keys/signing-key-store";

export interface PlanChangeSummary {
  accountId: string;
  email: string;
  previousPlan: string;
  plan: string;
  changed: boolean;
}

export interface AccountSummary {
  accountId: string;
  email: string;
  plan: string;
  createdAt: Date;
}

/**
 * What the admin command does to auth-server's data, whichever way it reaches it: through the
 * running server (AdminService over gRPC) or, when none runs, on the database directly.
 */
export interface AdminOperations {
  setPlan(email: string, planId: string): Promise<PlanChangeSummary>;
  /** Undefined when no account has this email. */
  findAccount(email: string): Promise<AccountSummary | undefined>;
  rotateSigningKey(immediately: boolean): Promise<RotationResult>;
  close(): Promise<void>;
}

export interface DatabaseAdminDependencies {
  db: Database;
  /** The time a plan change is stamped with (the running server's clock, or the system's). */
  clock: Pick<Clock, "now">;
  rotateSigningKey: (immediately: boolean) => Promise<RotationResult>;
  /** Called after a change is committed (the running server publishes its outbox now). */
  changed?: () => void;
  close?: () => Promise<void>;
}

/** The operations on the database: what the server's AdminService runs, and the fallback. */
export function createDatabaseAdminOperations(deps: DatabaseAdminDependencies): AdminOperations {
  return {
    async setPlan(email, planId) {
      const change = await setAccountPlan({ db: deps.db, now: deps.clock.now() }, email, planId);
      if (change.changed) deps.changed?.();
      return {
        accountId: change.account.id,
        email: change.account.email,
        previousPlan: change.previousPlan,
        plan: change.account.plan,
        changed: change.changed,
      };
    },
    async findAccount(email) {
      // The plan of the workspace created with the person (same id).
      const [account] = await deps.db
        .select({
          id: accounts.id,
          email: accounts.email,
          plan: workspaces.plan,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .leftJoin(workspaces, eq(workspaces.id, accounts.id))
        .where(eq(accounts.email, normalizeEmail(email)))
        .limit(1);
      return account
        ? {
            accountId: account.id,
            email: account.email,
            plan: account.plan ?? "none",
            createdAt: account.createdAt,
          }
        : undefined;
    },
    rotateSigningKey: (immediately) => deps.rotateSigningKey(immediately),
    close: async () => deps.close?.(),
  };
}
