import { sql } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { PLAN_IDS, PLANS } from "../plans/plans";

/**
 * Deletes the audit entries each workspace's plan no longer keeps (auditLogRetentionDays,
 * docs/api/workspaces.md#audit-log), judged by the context's clock. Run by the hourly maintenance.
 */
export async function pruneAuditLog(ctx: Pick<AuthContext, "db" | "clock">): Promise<void> {
  const now = ctx.clock.now();
  const days = sql.join(
    PLAN_IDS.map((id) => sql`when ${id} then ${PLANS[id].auditLogRetentionDays}`),
    sql` `,
  );
  await ctx.db.execute(sql`
    delete from audit_log using workspaces
    where audit_log.workspace_id = workspaces.id
      and audit_log.occurred_at < ${now.toISOString()}::timestamptz - make_interval(days => (case workspaces.plan ${days} else 30 end)::int)`);
}
