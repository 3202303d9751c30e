import { sql } from "drizzle-orm";
import type { WebhookEndpointRow } from "../db/schema";
import type { WebhookDatabase } from "../db/webhook-database";

export interface ClaimOptions {
  now: Date;
  /** Deliveries claimed at most in one call. */
  batchSize: number;
  /** Deliveries one endpoint may have claimed at once, across every replica. */
  perEndpoint: number;
  /** Endpoints allowed another number than perEndpoint (their pace: endpoint-pace.ts). */
  caps?: ReadonlyMap<string, number>;
  /** How long a claim lasts: a worker that dies before recording frees its deliveries after it. */
  leaseMs: number;
}

/** A claimed delivery with what its attempt needs: the endpoint and the message's body. */
export interface ClaimedDelivery {
  id: string;
  /** When this worker's claim lapses: an attempt that could not end before it is not started. */
  claimedUntil: Date;
  attempts: number;
  messageId: string;
  body: string;
  endpoint: Pick<
    WebhookEndpointRow,
    | "id"
    | "accountId"
    | "url"
    | "enabled"
    | "secretSealed"
    | "previousSecretSealed"
    | "previousSecretExpiresAt"
    | "failingSince"
  >;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string;
  attempts: number;
  message_id: string;
  body: string;
  endpoint_id: string;
  account_id: string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: string | Date | null;
  failing_since: string | Date | null;
}

/**
 * Due deliveries one claim looks at. An endpoint with a backlog larger than this can fill the
 * window with deliveries beyond its cap; the others then wait for its backlog to drain below it.
 */
const SCAN_LIMIT = 2_000;

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Claims due pending deliveries for this worker, oldest due first, never more than `perEndpoint`
 * claimed for one endpoint (counting other workers' live claims), and answers them with their
 * endpoint and body — one statement, so a batch costs one round trip. One claim at a time across
 * replicas (a transaction-scoped advisory lock), so the per-endpoint bound holds between them.
 */
export async function claimDueDeliveries(
  db: WebhookDatabase,
  options: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs);
  const caps = [...(options.caps ?? new Map<string, number>())];
  const rows = await db.transaction(async (tx) => {
    // A claim lost in a crash only means its deliveries are claimable again at once.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook-dispatcher:claim'))`);
    const result = await tx.execute<ClaimedRow>(sql`
      with held as (
        select endpoint_id, count(*)::int as n
        from webhook_deliveries
        where status = 'pending' and claimed_until > ${now}::timestamptz
        group by endpoint_id
      ),
      -- The oldest due deliveries only (the partial index on next_attempt_at): a claim costs the
      -- same with ten or a million waiting.
      oldest as (
        select id, endpoint_id, next_attempt_at
        from webhook_deliveries
        where status = 'pending'
          and next_attempt_at <= ${now}::timestamptz
          and (claimed_until is null or claimed_until <= ${now}::timestamptz)
        order by next_attempt_at
        limit ${SCAN_LIMIT}
      ),
      due as (
        select id, endpoint_id, next_attempt_at,
          row_number() over (partition by endpoint_id order by next_attempt_at, id) as rank
        from oldest
      ),
      caps as (
        select * from unnest(${sql.param(caps.map(([id]) => id))}::uuid[],
          ${sql.param(caps.map(([, cap]) => cap))}::int[]) as c(endpoint_id, cap)
      ),
      picked as (
        select due.id from due left join held using (endpoint_id) left join caps using (endpoint_id)
        where due.rank + coalesce(held.n, 0) <= coalesce(caps.cap, ${options.perEndpoint})
        order by due.next_attempt_at, due.id
        limit ${options.batchSize}
      ),
      claimed as (
        update webhook_deliveries set claimed_until = ${until.toISOString()}::timestamptz
        where id in (select id from picked)
        returning id, attempts, message_id, endpoint_id
      )
      select claimed.id, claimed.attempts, claimed.message_id, m.body, claimed.endpoint_id,
        e.account_id, e.url, e.enabled, e.secret_sealed, e.previous_secret_sealed,
        e.previous_secret_expires_at, e.failing_since
      from claimed
      join webhook_endpoints e on e.id = claimed.endpoint_id
      join webhook_messages m on m.id = claimed.message_id`);
    return result.rows;
  });
  return rows.map((row) => ({
    id: row.id,
    claimedUntil: until,
    attempts: Number(row.attempts),
    messageId: row.message_id,
    body: row.body,
    endpoint: {
      id: row.endpoint_id,
      accountId: row.account_id,
      url: row.url,
      enabled: row.enabled,
      secretSealed: row.secret_sealed,
      previousSecretSealed: row.previous_secret_sealed,
      previousSecretExpiresAt: dateOf(row.previous_secret_expires_at),
      failingSince: dateOf(row.failing_since),
    },
  }));
}
