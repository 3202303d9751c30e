import { sql } from "drizzle-orm";
import { bigserial, customType, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Event bytes as stored: node-postgres hands back a Buffer, PGlite a Uint8Array; both are Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Messages written in the same transaction as the change they announce. The relay publishes
 * unsent rows in id order and stamps `sent_at`; sent rows are deleted after a retention period.
 * A service adds this table to its drizzle schema (re-export it from src/db/schema.ts) so that
 * drizzle-kit generates its migration with the service's own.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    key: text("key").notNull(),
    value: bytea("value").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    // The relay's only read: the oldest unsent rows. A partial index stays small however many
    // sent rows wait for cleanup.
    index("outbox_messages_unsent_idx").on(table.id).where(sql`${table.sentAt} is null`),
    index("outbox_messages_sent_at_idx").on(table.sentAt),
  ],
);

/**
 * One row per relay name: which replica publishes now, until when. Only the holder publishes, so
 * rows leave in id order (the order per key) even with several replicas running.
 */
export const outboxRelayLeases = pgTable("outbox_relay_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
