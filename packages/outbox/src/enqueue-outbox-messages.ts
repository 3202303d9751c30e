import { sql } from "drizzle-orm";
import type { OutboxDatabase } from "./outbox-database";
import { outboxMessages } from "./outbox-tables";

export interface OutboxMessage {
  topic: string;
  /** The ordering key (Kafka record key): messages of one key are published in commit order. */
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

/** Namespace of the per-key advisory locks (two-int form, apart from single-key locks). */
const KEY_LOCK_NAMESPACE = 0x6f627800; // "obx"

/**
 * Writes messages into the outbox inside the caller's transaction: they are published if and
 * only if the transaction commits. Call it with the `tx` of `db.transaction(...)`.
 *
 * Per key, each transaction first takes a transaction-scoped advisory lock on the key. Ids come
 * from a sequence at insert time, not at commit, so without it a later transaction of the same
 * key could take a smaller id and commit after the relay has published the larger one: the
 * lock makes id order equal commit order for each key, which the relay's id order relies on.
 */
export async function enqueueOutboxMessages(
  tx: OutboxDatabase,
  messages: readonly OutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  const keys = [...new Set(messages.map((message) => message.key))].sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_NAMESPACE}, hashtext(${key}))`);
  }
  await tx.insert(outboxMessages).values(
    messages.map((message) => ({
      topic: message.topic,
      key: message.key,
      value: message.value,
      headers: message.headers ?? {},
    })),
  );
}
