import { type Limit, UNLIMITED } from "../plans/limit";
import { PLAN_IDS, PLANS } from "../plans/plans";
import type { AdminOperations } from "./admin-operations";

/** A limit as the plans command prints it: ∞ for unlimited, 0 for not included. */
const count = (limit: Limit) => (limit === UNLIMITED ? "∞" : String(limit));

export const ADMIN_USAGE = `Usage: pnpm --filter @kurz/auth-server admin <command>

Commands:
  set-plan <email|workspace-id> <plan>
                               Move a workspace to a plan: ${PLAN_IDS.join(", ")} (there is no
                               billing); an e-mail names the workspace created with that person
  show-account <email>         Print an account's id, plan and creation time
  plans                        Print the plan table
  rotate-signing-key [--now]   Add a signing key: published at once, signing after
                               SIGNING_KEY_PUBLISH_LEAD_SEC (or at once with --now)

Asks the running auth-server (AdminService on its gRPC port, with the admin secret: ADMIN_SECRET,
or the file the embedded server keeps under DATA_DIR). Only when nothing listens there does it
open the database itself: DATABASE_URL, or the embedded one under DATA_DIR (default: the
repository's .data, as used by \`make start\`). It says which way it went.`;

export interface AdminDependencies {
  out: (line: string) => void;
  /** Reaches auth-server's data (the running server, or the database); only commands that need it call it. */
  connect: () => Promise<AdminOperations>;
}

/** Runs `work` on freshly connected operations and closes them, whatever happens. */
async function withOperations<T>(
  deps: AdminDependencies,
  work: (ops: AdminOperations) => Promise<T>,
): Promise<T> {
  const operations = await deps.connect();
  try {
    return await work(operations);
  } finally {
    await operations.close();
  }
}

/** Runs one admin command; resolves to the process exit code. */
export async function runAdminCommand(args: readonly string[], deps: AdminDependencies): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "set-plan": {
      const [email, plan] = rest;
      if (!email || !plan || rest.length !== 2) break;
      const change = await withOperations(deps, (ops) => ops.setPlan(email, plan));
      deps.out(
        change.changed
          ? `${change.email}: plan ${change.previousPlan} → ${change.plan} (account.plan_changed queued)`
          : `${change.email} is already on the ${plan} plan`,
      );
      return 0;
    }
    case "show-account": {
      const [email] = rest;
      if (!email || rest.length !== 1) break;
      const account = await withOperations(deps, (ops) => ops.findAccount(email));
      if (!account) {
        deps.out(`No account with email ${email}`);
        return 1;
      }
      deps.out(
        `${account.email}  id=${account.accountId}  plan=${account.plan}  created=${account.createdAt.toISOString()}`,
      );
      return 0;
    }
    case "plans": {
      for (const id of PLAN_IDS) {
        const p = PLANS[id];
        deps.out(
          `${p.id.padEnd(10)} mcp=${p.mcpAccess} webhooks=${p.webhooks} abtests=${p.abTests} links=${count(p.maxLinks)} ` +
            `qr=${count(p.maxQrCodes)} branded-domains=${count(p.maxBrandedDomains)} subdomains=${count(p.maxSubdomains)} ` +
            `campaigns=${count(p.maxCampaigns)} retention=${p.analyticsRetentionDays}d rest/min=${p.restRequestsPerMinute} mcp/min=${p.mcpRequestsPerMinute}`,
        );
      }
      return 0;
    }
    case "rotate-signing-key": {
      const immediately = rest.includes("--now");
      if (rest.some((arg) => arg !== "--now")) break;
      const result = await withOperations(deps, (ops) => ops.rotateSigningKey(immediately));
      deps.out(`signing key ${result.kid} published; signs from ${result.activatesAt.toISOString()}`);
      return 0;
    }
    default:
      break;
  }
  deps.out(ADMIN_USAGE);
  return 2;
}
