import { randomUUID } from "node:crypto";
import { AppError, isAppError } from "@kurz/errors";
import type { EventLogger, EventProducer } from "@kurz/events";
import { asc, inArray, isNull, sql } from "drizzle-orm";
import type { OutboxDatabase } from "./outbox-database";
import { outboxMessages } from "./outbox-tables";

export interface OutboxRelayOptions {
  db: OutboxDatabase;
  /**
   * A producer of its own (`bus.producer()`): the relay marks rows sent once `flush()` resolves,
   * which only means "delivered" when no one else's messages share the buffer.
   */
  producer: EventProducer;
  logger?: EventLogger;
  /** Lease name: replicas of one service share it. Default "default". */
  name?: string;
  /** Identifies this replica in the lease table. Default a random UUID. */
  holderId?: string;
  /** Rows read and published per round. Default 200. */
  batchSize?: number;
  /** How often the table is polled when nobody calls `wake()`. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How long a lease lasts without renewal. Default 15 s. */
  leaseMs?: number;
  /** Sent rows older than this are deleted. Default 1 h. */
  retentionMs?: number;
}

export interface OutboxRelayStats {
  /** Rows published and marked sent by this relay. */
  published: number;
  /** Rounds that failed (database unreachable, ...) and were retried. */
  failedRounds: number;
  /** True while this replica holds the lease. */
  leader: boolean;
}

export interface OutboxRelay {
  /** Starts the background loop (idempotent). */
  start(): void;
  /** Asks for a round now, e.g. right after a transaction that wrote to the outbox committed. */
  wake(): void;
  /** Stops after the round in progress; rows published but not yet marked are published again later. */
  stop(): Promise<void>;
  /** Publishes what is pending now, in rounds, until nothing is left; for tests and tools. */
  drain(): Promise<number>;
  stats(): OutboxRelayStats;
}

const silent: EventLogger = { debug() {}, info() {}, warn() {}, error() {} };

class RelayStopped extends Error {}

/**
 * Publishes outbox rows through an event producer, at least once, in id order (so in commit
 * order per key), and marks them sent. While the broker is down the rows stay unsent and the
 * round waits on the producer (which retries forever); after a crash the unsent rows are simply
 * published again. Consumers dedupe by event id.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, producer } = options;
  const logger = options.logger ?? silent;
  const name = options.name ?? "default";
  const holder = options.holderId ?? randomUUID();
  const batchSize = options.batchSize ?? 200;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 15_000;
  const retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  // A flush is waited for in slices, so the lease is renewed during a long broker outage.
  const flushSliceMs = Math.max(100, Math.floor(leaseMs / 3));
  const cleanupEveryMs = Math.min(60_000, retentionMs);

  let published = 0;
  let failedRounds = 0;
  let leader = false;
  let loop: Promise<void> | undefined;
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  let lastCleanup = 0;
  let round: Promise<number> = Promise.resolve(0);
  let signalStopped: () => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    signalStopped = () => reject(new RelayStopped());
  });
  stopped.catch(() => {});

  async function acquireLease(): Promise<boolean> {
    const result = await db.execute(sql`
      insert into outbox_relay_leases (name, holder, expires_at)
      values (${name}, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
      on conflict (name) do update
        set holder = excluded.holder, expires_at = excluded.expires_at
        where outbox_relay_leases.holder = excluded.holder or outbox_relay_leases.expires_at < now()
      returning holder`);
    const held = result.rows.length > 0;
    if (held !== leader) {
      logger.info({ event: held ? "outbox.lease_acquired" : "outbox.lease_lost", name, holder });
    }
    leader = held;
    return held;
  }

  async function waitUntilDelivered(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (stopping) throw new RelayStopped();
      try {
        await Promise.race([producer.flush(flushSliceMs), stopped]);
        return;
      } catch (error) {
        if (error instanceof RelayStopped) throw error;
        if (!(isAppError(error) && error.code === "TIMEOUT")) throw error;
        logger.warn({ event: "outbox.publish_waiting", name, attempt });
        // Keep the lease while the producer retries; a lost lease means another replica took
        // over (we were too slow), and it will publish these rows too: duplicates, never loss.
        await acquireLease().catch(() => {});
      }
    }
  }

  async function sendAll(rows: ReadonlyArray<typeof outboxMessages.$inferSelect>): Promise<void> {
    for (const row of rows) {
      for (;;) {
        try {
          await producer.send(row.topic, { key: row.key, value: row.value, headers: row.headers });
          break;
        } catch (error) {
          if (!(isAppError(error) && error.code === "BUFFER_FULL")) throw error;
          await waitUntilDelivered();
        }
      }
    }
  }

  async function cleanup(): Promise<void> {
    const now = Date.now();
    if (now - lastCleanup < cleanupEveryMs) return;
    lastCleanup = now;
    await db.execute(
      sql`delete from outbox_messages where sent_at < now() - ${retentionMs} * interval '1 millisecond'`,
    );
  }

  async function runRound(): Promise<number> {
    if (!(await acquireLease())) return 0;
    const rows = await db
      .select()
      .from(outboxMessages)
      .where(isNull(outboxMessages.sentAt))
      .orderBy(asc(outboxMessages.id))
      .limit(batchSize);
    if (rows.length > 0) {
      await sendAll(rows);
      await waitUntilDelivered();
      await db
        .update(outboxMessages)
        .set({ sentAt: sql`now()` })
        .where(
          inArray(
            outboxMessages.id,
            rows.map((row) => row.id),
          ),
        );
      published += rows.length;
      logger.debug({ event: "outbox.published", name, messages: rows.length });
    }
    await cleanup();
    return rows.length;
  }

  /** Rounds never overlap: a round in progress is waited for, not doubled. */
  function nextRound(): Promise<number> {
    round = round.catch(() => 0).then(runRound);
    return round;
  }

  function sleep(ms: number): Promise<void> {
    if (wakeRequested) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function runLoop(): Promise<void> {
    while (!stopping) {
      let count = 0;
      try {
        count = await nextRound();
      } catch (error) {
        if (error instanceof RelayStopped) break;
        failedRounds++;
        logger.warn({
          event: "outbox.round_failed",
          name,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      if (count < batchSize) await sleep(pollIntervalMs);
    }
  }

  return {
    start() {
      if (stopping) throw new AppError("INVALID_STATE", { message: "Outbox relay is stopped" });
      loop ??= runLoop();
    },
    wake() {
      if (wakeUp) wakeUp();
      else wakeRequested = true;
    },
    async stop() {
      if (stopping) return loop;
      stopping = true;
      signalStopped();
      wakeUp?.();
      await loop;
      await round.catch(() => {});
      // Give the lease up so another replica does not wait for it to expire.
      if (leader) {
        await db
          .execute(sql`delete from outbox_relay_leases where name = ${name} and holder = ${holder}`)
          .catch(() => {});
        leader = false;
      }
    },
    async drain() {
      let total = 0;
      for (;;) {
        const count = await nextRound();
        total += count;
        if (count < batchSize) return total;
      }
    },
    stats: () => ({ published, failedRounds, leader }),
  };
}
