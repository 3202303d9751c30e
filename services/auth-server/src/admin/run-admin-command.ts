import type { Database } from "@kurz/relational";
import { eq } from "drizzle-orm";
import { normalizeEmail } from "../accounts/account-input";
import { setAccountPlan } from "../accounts/set-account-plan";
import { accounts } from "../db/schema";
import type { RotationResult } from "../keys/signing-key-store";
import { PLAN_IDS, PLANS } from "../plans/plans";

export const ADMIN_USAGE = `Usage: pnpm --filter @kurz/auth-server admin <command>

Commands:
  set-plan <email> <plan>      Move an account to a plan: ${PLAN_IDS.join(", ")} (there is no billing)
  show-account <email>         Print an account's id, plan and creation time
  plans                        Print the plan table
  rotate-signing-key [--now]   Add a signing key: published at once, signing after
                               SIGNING_KEY_PUBLISH_LEAD_SEC (or at once with --now)

Works against DATABASE_URL, or the embedded database under DATA_DIR (default: the repository's
.data, as used by \`make start\`; stop the embedded run first: PGlite serves one process).`;

export interface AdminDependencies {
  db: Database;
  now: () => Date;
  out: (line: string) => void;
  /** Opened only for the command that needs the key-encryption key. */
  rotateSigningKey: (immediately: boolean) => Promise<RotationResult>;
}

/** Runs one admin command; resolves to the process exit code. */
export async function runAdminCommand(args: readonly string[], deps: AdminDependencies): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "set-plan": {
      const [email, plan] = rest;
      if (!email || !plan || rest.length !== 2) break;
      const change = await setAccountPlan({ db: deps.db, now: deps.now() }, email, plan);
      deps.out(
        change.changed
          ? `${change.account.email}: plan ${change.previousPlan} → ${change.account.plan} (account.plan_changed queued)`
          : `${change.account.email} is already on the ${plan} plan`,
      );
      return 0;
    }
    case "show-account": {
      const [email] = rest;
      if (!email || rest.length !== 1) break;
      const [account] = await deps.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, normalizeEmail(email)))
        .limit(1);
      if (!account) {
        deps.out(`No account with email ${email}`);
        return 1;
      }
      deps.out(
        `${account.email}  id=${account.id}  plan=${account.plan}  created=${account.createdAt.toISOString()}`,
      );
      return 0;
    }
    case "plans": {
      for (const id of PLAN_IDS) {
        const p = PLANS[id];
        deps.out(
          `${p.id.padEnd(10)} mcp=${p.mcpAccess} webhooks=${p.webhooks} abtests=${p.abTests} links=${p.maxLinks || "∞"} ` +
            `qr=${p.maxQrCodes || "∞"} retention=${p.analyticsRetentionDays}d rest/min=${p.restRequestsPerMinute} mcp/min=${p.mcpRequestsPerMinute}`,
        );
      }
      return 0;
    }
    case "rotate-signing-key": {
      const immediately = rest.includes("--now");
      if (rest.some((arg) => arg !== "--now")) break;
      const result = await deps.rotateSigningKey(immediately);
      deps.out(`signing key ${result.kid} published; signs from ${result.activatesAt.toISOString()}`);
      return 0;
    }
    default:
      break;
  }
  deps.out(ADMIN_USAGE);
  return 2;
}
