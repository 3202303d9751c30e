import { sql } from "drizzle-orm";
import type { WebhookDatabase } from "../db/webhook-database";

export interface ClaimOptions {
  now: Date;
  /** Deliveries claimed at most in one call. */
  batchSize: number;
  /** Attempts one endpoint may have in flight: a slow receiver holds only its own deliveries. */
  perEndpoint: number;
  /** How long a claim lasts: a worker that dies mid-attempt frees its deliveries after it. */
  leaseMs: number;
}

/**
 * Claims due pending deliveries for this worker, oldest due first, never more than `perEndpoint`
 * in flight for one endpoint (counting other workers' live claims). One claim at a time across
 * replicas (a transaction-scoped advisory lock), so the per-endpoint bound holds between them.
 */
export async function claimDueDeliveries(db: WebhookDatabase, options: ClaimOptions): Promise<string[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook-dispatcher:claim'))`);
    const result = await tx.execute<{ id: string }>(sql`
      with in_flight as (
        select endpoint_id, count(*)::int as n
        from webhook_deliveries
        where status = 'pending' and claimed_until > ${now}::timestamptz
        group by endpoint_id
      ),
      due as (
        select id, endpoint_id, next_attempt_at,
          row_number() over (partition by endpoint_id order by next_attempt_at, id) as rank
        from webhook_deliveries
        where status = 'pending'
          and next_attempt_at <= ${now}::timestamptz
          and (claimed_until is null or claimed_until <= ${now}::timestamptz)
      ),
      picked as (
        select due.id from due left join in_flight using (endpoint_id)
        where due.rank + coalesce(in_flight.n, 0) <= ${options.perEndpoint}
        order by due.next_attempt_at, due.id
        limit ${options.batchSize}
      )
      update webhook_deliveries set claimed_until = ${until}::timestamptz
      where id in (select id from picked)
      returning id`);
    return result.rows.map((row) => row.id);
  });
}
