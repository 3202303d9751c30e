import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// The outbox (@kurz/outbox): the audit entries of endpoint changes leave through it.
export { outboxMessages, outboxRelayLeases } from "@kurz/outbox";

/**
 * Why Kurz disabled an endpoint: it answered 410 Gone, every attempt failed for 5 days, its
 * sealed signing secret no longer opens (KEY_ENCRYPTION_KEY changed: rotate the secret, then
 * enable it), or the account's plan no longer includes it (paused on a downgrade, resumed on an
 * upgrade: plans/apply-plan-to-endpoints).
 */
export const DISABLED_REASONS = ["gone", "failing", "secret", "plan"] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** A webhook endpoint of an account (Business plan and up). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    eventTypes: text("event_types").array().notNull(),
    // Empty: every link of the account.
    linkIds: text("link_ids").array().notNull().default(sql`'{}'::text[]`),
    // Secrets are sealed (AES-256-GCM, KEY_ENCRYPTION_KEY): the dispatcher must sign with them, so
    // they cannot be hashed like API keys.
    secretSealed: text("secret_sealed").notNull(),
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    disabledReason: text("disabled_reason", { enum: DISABLED_REASONS }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_endpoints_account_created_idx").on(table.accountId, table.createdAt)],
);

/**
 * What happened, as delivered: one row per internal event that became a webhook (or per test
 * event). Its id is the `webhook-id` every delivery and retry of it carries.
 */
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    // The internal event it came from: a redelivered event finds its message and adds nothing.
    sourceEventId: text("source_event_id"),
    eventType: text("event_type").notNull(),
    linkId: text("link_id"),
    // The exact JSON body that is signed and sent.
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_messages_source_event_unique").on(table.sourceEventId),
    index("webhook_messages_created_idx").on(table.createdAt),
  ],
);

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One message on its way to one endpoint: the durable outbox the delivery workers drain. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => webhookMessages.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    // A worker's claim: another worker leaves the row alone until it lapses (a crash mid-attempt
    // lets the delivery be tried again after it: at-least-once).
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_message_endpoint_unique").on(table.messageId, table.endpointId),
    index("webhook_deliveries_due_idx").on(table.nextAttemptAt).where(sql`status = 'pending'`),
    // The claim's round-robin: the endpoints with pending work (a skip scan), then each one's due
    // deliveries oldest first, only as many as its room.
    index("webhook_deliveries_endpoint_due_idx")
      .on(table.endpointId, table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("webhook_deliveries_endpoint_created_idx").on(table.endpointId, table.createdAt),
  ],
);

/** Every attempt of a delivery: the log the account reads (kept per its plan's retention). */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    failureKind: text("failure_kind"),
    failureDetail: text("failure_detail"),
  },
  (table) => [
    index("webhook_attempts_delivery_idx").on(table.deliveryId, table.attemptedAt),
    index("webhook_attempts_attempted_idx").on(table.attemptedAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * Internal events the consumer could not decode or validate (poison messages), kept in this
 * service's own database so they are counted (/readyz, /metrics), visible and replayable by an
 * operator (`pnpm --filter @kurz/webhook-dispatcher admin dead-letters`) once the producer or the
 * catalogue is fixed. A failure of anything else (the database, a timeout) is never a dead letter:
 * the batch is retried with its offsets uncommitted.
 */
export const webhookDeadLetters = pgTable(
  "webhook_dead_letters",
  {
    id: uuid("id").primaryKey(),
    // sha256 of topic, partition, offset and value: a batch redelivered before its commit (a
    // crash) stores its dead letters once.
    fingerprint: text("fingerprint").notNull(),
    topic: text("topic").notNull(),
    partition: integer("partition").notNull(),
    offset: text("offset").notNull(),
    key: text("key").notNull(),
    // The message's bytes as received (base64): a replay hands them to the same handler.
    valueBase64: text("value_base64").notNull(),
    headers: text("headers").notNull().default("{}"),
    // What the envelope said, when it could be read.
    eventId: text("event_id"),
    eventType: text("event_type"),
    accountId: text("account_id"),
    error: text("error").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
    // Set when a replay handled it; waiting while null.
    replayedAt: timestamp("replayed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_dead_letters_fingerprint_unique").on(table.fingerprint),
    index("webhook_dead_letters_waiting_idx").on(table.failedAt).where(sql`replayed_at is null`),
  ],
);

export type WebhookDeadLetterRow = typeof webhookDeadLetters.$inferSelect;
