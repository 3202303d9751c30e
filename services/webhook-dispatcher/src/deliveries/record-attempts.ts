import { type SQL, sql } from "drizzle-orm";
import type { DeliveryStatus } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";

/** One finished attempt and the state its delivery moves to. */
export interface AttemptRecord {
  attemptId: string;
  deliveryId: string;
  endpointId: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  failureKind: string | null;
  failureDetail: string | null;
  attempts: number;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  recordedAt: Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * Writes finished attempts and their deliveries' new state in one statement: the attempt log rows
 * and every delivery's attempts, status, next time and released claim.
 */
export async function recordAttempts(db: WebhookExecutor, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  const attempts: SQL[] = records.map(
    (r) =>
      sql`(${r.attemptId}::uuid, ${r.deliveryId}::uuid, ${r.endpointId}::uuid, ${iso(r.attemptedAt)}::timestamptz, ${r.statusCode}::int, ${Math.round(r.latencyMs)}::int, ${r.responseExcerpt}, ${r.failureKind}, ${r.failureDetail})`,
  );
  const states: SQL[] = records.map(
    (r) =>
      sql`(${r.deliveryId}::uuid, ${r.attempts}::int, ${r.status}, ${iso(r.nextAttemptAt)}::timestamptz, ${iso(r.recordedAt)}::timestamptz)`,
  );
  await db.transaction(async (tx) => {
    // A crash may lose the last moments of records: their deliveries are then attempted again
    // (at-least-once) and those attempts are missing from the log. Not waiting for the WAL flush
    // of every record is what lets one endpoint take thousands of deliveries a second.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
    with logged as (
      insert into webhook_attempts (id, delivery_id, endpoint_id, attempted_at, status_code, latency_ms,
        response_excerpt, failure_kind, failure_detail)
      values ${sql.join(attempts, sql`, `)}
    )
    update webhook_deliveries as d
    set attempts = v.attempts, status = v.status, next_attempt_at = v.next_attempt_at,
      claimed_until = null, updated_at = v.recorded_at
    from (values ${sql.join(states, sql`, `)}) as v(id, attempts, status, next_attempt_at, recorded_at)
    where d.id = v.id`);
  });
}
