import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export { outboxMessages, outboxRelayLeases } from "@kurz/outbox";

export const AB_TEST_STATUSES = ["draft", "running", "paused", "completed"] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];

/** An A/B test on one link of an account (docs/api/ab-tests.md: fields, life cycle). */
export const abTests = pgTable(
  "ab_tests",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: AB_TEST_STATUSES }).notNull().default("draft"),
    archived: boolean("archived").notNull().default(false),
    trafficSplitMode: text("traffic_split_mode", { enum: ["equal", "weighted"] }).notNull(),
    conversionsEnabled: boolean("conversions_enabled").notNull().default(false),
    minSampleSize: integer("min_sample_size").notNull().default(100),
    confidenceLevel: integer("confidence_level").notNull().default(95),
    autoComplete: boolean("auto_complete").notNull().default(false),
    minDurationDays: integer("min_duration_days").notNull().default(7),
    // The routed link as link-api knows it; its code finds the test by code or alias.
    linkId: uuid("link_id").notNull(),
    linkHost: text("link_host").notNull(),
    linkCode: text("link_code").notNull(),
    shortUrl: text("short_url").notNull(),
    rotator: boolean("rotator").notNull(),
    // The link's destination when the test was created (with UTM merged): served while paused.
    originalDestinationUrl: text("original_destination_url").notNull(),
    winnerVariantId: uuid("winner_variant_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    // The link was deleted: the test routes nothing any more and cannot start again.
    linkDeletedAt: timestamp("link_deleted_at", { withTimezone: true }),
  },
  (table) => [
    index("ab_tests_account_created_idx").on(table.accountId, table.createdAt),
    index("ab_tests_account_code_idx").on(table.accountId, table.linkCode),
    index("ab_tests_link_idx").on(table.linkId),
    // One live (running or paused) test per link: two would fight over its routing.
    uniqueIndex("ab_tests_one_live_per_link").on(table.linkId).where(sql`status IN ('running', 'paused')`),
  ],
);

export const abVariants = pgTable(
  "ab_variants",
  {
    id: uuid("id").primaryKey(),
    testId: uuid("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    destinationUrl: text("destination_url").notNull(),
    trafficWeight: integer("traffic_weight").notNull(),
    control: boolean("control").notNull().default(false),
  },
  (table) => [uniqueIndex("ab_variants_test_position_unique").on(table.testId, table.position)],
);

/**
 * Links whose routing at link-api must be brought in line with the tests stored here
 * (docs/architecture.md#failure-model): every transaction that changes a test bumps its link's
 * `version`; the call to link-api happens after commit, never inside the transaction, and a
 * confirmed answer records the version it sent as `confirmed_version`. A lost answer leaves
 * version > confirmed_version, and the reconciler repeats the (idempotent) call.
 */
export const abRoutingPending = pgTable("ab_routing_pending", {
  linkId: uuid("link_id").primaryKey(),
  accountId: text("account_id").notNull(),
  // A completed test's winner: link-api makes it the link's destination (idempotent).
  destinationUrl: text("destination_url"),
  // Bumped by every request: a confirmation settles only the version it read before calling.
  version: integer("version").notNull().default(1),
  confirmedVersion: integer("confirmed_version").notNull().default(0),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
});

/**
 * A slot of the plan's A/B allowance held while a rotator link is created at link-api: the
 * allowance is checked (and the slot taken) before the call, and the test replaces its
 * reservation when it commits. A reservation left by a crash stops counting at `expires_at`.
 */
export const abTestReservations = pgTable(
  "ab_test_reservations",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("ab_test_reservations_account_idx").on(table.accountId)],
);

export type AbTestRow = typeof abTests.$inferSelect;
export type AbVariantRow = typeof abVariants.$inferSelect;
