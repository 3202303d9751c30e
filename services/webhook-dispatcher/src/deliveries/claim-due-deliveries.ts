import { sql } from "drizzle-orm";
import type { WebhookEndpointRow } from "../db/schema";
import type { WebhookDatabase } from "../db/webhook-database";

export interface ClaimOptions {
  now: Date;
  /** Deliveries claimed at most in one call. */
  batchSize: number;
  /** Deliveries of one endpoint this worker may claim now, unless `rooms` says otherwise. */
  defaultRoom: number;
  /**
   * Endpoints whose room differs: those the worker already holds some of, or whose pace sizes
   * their claims otherwise (endpoint-pace.ts).
   */
  rooms?: ReadonlyMap<string, number>;
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

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Claims due pending deliveries for this worker, fairly across endpoints: every endpoint with due
 * work gets up to its room (its oldest due first), and when the batch cannot hold them all it is
 * filled round by round — each endpoint's first, then each one's second... — so one endpoint's
 * backlog, however large, never hides another's due deliveries. Answers them with their endpoint
 * and body — one statement, so a batch costs one round trip. The endpoints with pending work are
 * found by a skip scan of the (endpoint_id, next_attempt_at) index: a claim costs per endpoint
 * with pending work, not per delivery waiting. A claim moves each delivery's next_attempt_at to
 * the claim's end: the due range then holds no claimed delivery, and one whose worker died is due
 * again when its claim lapses. One claim at a time across replicas (a transaction-scoped advisory
 * lock, then the statement's fresh snapshot), so no delivery is claimed twice.
 */
export async function claimDueDeliveries(
  db: WebhookDatabase,
  options: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs);
  const rooms = [...(options.rooms ?? new Map<string, number>())];
  const rows = await db.transaction(async (tx) => {
    // A claim lost in a crash only means its deliveries are claimable again at once: no WAL flush.
    await tx.execute(
      sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext('webhook-dispatcher:claim'))`,
    );
    const result = await tx.execute<ClaimedRow>(sql`
      -- Every endpoint with pending deliveries, one index probe each (a skip scan).
      with recursive pending_endpoints(endpoint_id) as (
        (select endpoint_id from webhook_deliveries where status = 'pending'
          order by endpoint_id limit 1)
        union all
        select (select d.endpoint_id from webhook_deliveries d
            where d.status = 'pending' and d.endpoint_id > p.endpoint_id
            order by d.endpoint_id limit 1)
        from pending_endpoints p where p.endpoint_id is not null
      ),
      rooms as (
        select * from unnest(${sql.param(rooms.map(([id]) => id))}::uuid[],
          ${sql.param(rooms.map(([, room]) => room))}::int[]) as r(endpoint_id, room)
      ),
      -- Each endpoint's oldest due deliveries, no more than its room.
      due as (
        select d.id, d.next_attempt_at, d.rank
        from pending_endpoints p
        left join rooms r on r.endpoint_id = p.endpoint_id
        cross join lateral (
          select x.id, x.next_attempt_at,
            row_number() over (order by x.next_attempt_at, x.id) as rank
          from webhook_deliveries x
          where x.endpoint_id = p.endpoint_id and x.status = 'pending'
            and x.next_attempt_at <= ${now}::timestamptz
          order by x.next_attempt_at, x.id
          limit greatest(0, coalesce(r.room, ${options.defaultRoom}))
        ) d
        where p.endpoint_id is not null
      ),
      -- Round-robin: every endpoint's first before anyone's second.
      picked as (
        select id from due
        order by rank, next_attempt_at, id
        limit ${options.batchSize}
      ),
      -- The picked ids as one array: found through the primary key (an "in (select ...)" made
      -- the planner hash the whole table for a few hundred rows).
      claimed as (
        update webhook_deliveries
        set claimed_until = ${until.toISOString()}::timestamptz, next_attempt_at = ${until.toISOString()}::timestamptz
        where id = any(array(select id from picked))
        returning id, attempts, message_id, endpoint_id
      )
      -- Each body by its key: a join hashed every stored message, backlog included.
      select claimed.id, claimed.attempts, claimed.message_id,
        (select m.body from webhook_messages m where m.id = claimed.message_id) as body,
        claimed.endpoint_id, e.account_id, e.url, e.enabled, e.secret_sealed, e.previous_secret_sealed,
        e.previous_secret_expires_at, e.failing_since
      from claimed
      join webhook_endpoints e on e.id = claimed.endpoint_id`);
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
