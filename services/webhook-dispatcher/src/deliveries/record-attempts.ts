import { sql } from "drizzle-orm";
import type { DeliveryStatus } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import { storableText } from "./storable-text";

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
  /**
   * The end of the claim the attempt was made under (claim-due-deliveries.ts): the delivery's
   * state is written only while that claim is still on it.
   */
  claimedUntil: Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * Writes finished attempts and their deliveries' new state in one statement (each column one
 * array parameter, whatever the number of records): the attempt log rows
 * and every delivery's attempts, status, next time and released claim. A delivery whose claim is
 * no longer the attempt's keeps its state (its attempt is logged all the same): a replay made
 * while the attempt was under way queued it afresh, or its claim lapsed and another worker holds
 * it now — the attempt's outcome must not undo either. A delivery deleted meanwhile (its endpoint
 * was deleted) is skipped: its record would break the attempt log's foreign key. Idempotent: made
 * again after its reply was lost, it finds the attempt logged and the claim released, and changes
 * nothing.
 */
export async function recordAttempts(db: WebhookExecutor, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  const column = <T>(pick: (record: AttemptRecord) => T) => sql.param(records.map(pick));
  // A crash may lose the last moments of records: their deliveries are then attempted again
  // (at-least-once) and those attempts are missing from the log. Not waiting for the WAL flush
  // of every record is what lets one endpoint take thousands of deliveries a second. The setting
  // is made inside the statement (set_config, local to its implicit transaction): one round trip
  // instead of the four of begin, set local, write, commit.
  await db.execute(sql`
    with lazy_commit as (select set_config('synchronous_commit', 'off', true)),
    logged as (
      insert into webhook_attempts (id, delivery_id, endpoint_id, attempted_at, status_code, latency_ms,
        response_excerpt, failure_kind, failure_detail)
      select * from unnest(
        ${column((r) => r.attemptId)}::uuid[], ${column((r) => r.deliveryId)}::uuid[],
        ${column((r) => r.endpointId)}::uuid[], ${column((r) => iso(r.attemptedAt))}::timestamptz[],
        ${column((r) => r.statusCode)}::int[], ${column((r) => Math.round(r.latencyMs))}::int[],
        ${column((r) => storableText(r.responseExcerpt))}::text[], ${column((r) => r.failureKind)}::text[],
        ${column((r) => (r.failureDetail === null ? null : storableText(r.failureDetail)))}::text[])
        as a(id, delivery_id, endpoint_id, attempted_at, status_code, latency_ms, response_excerpt,
          failure_kind, failure_detail)
      -- A delivery deleted while its attempt was under way (its endpoint deleted): nothing to log.
      where exists (select 1 from webhook_deliveries x where x.id = a.delivery_id)
      -- Written again after a lost reply: the attempt is logged once.
      on conflict (id) do nothing
    )
    update webhook_deliveries as d
    set attempts = v.attempts, status = v.status, next_attempt_at = v.next_attempt_at,
      claimed_until = null, updated_at = v.recorded_at
    from unnest(
      ${column((r) => r.deliveryId)}::uuid[], ${column((r) => r.attempts)}::int[],
      ${column((r) => r.status)}::text[], ${column((r) => iso(r.nextAttemptAt))}::timestamptz[],
      ${column((r) => iso(r.recordedAt))}::timestamptz[],
      ${column((r) => iso(r.claimedUntil))}::timestamptz[]
    ) as v(id, attempts, status, next_attempt_at, recorded_at, claimed_until), lazy_commit
    where d.id = v.id and d.claimed_until = v.claimed_until`);
}
