import type { AuditActor } from "@kurz/audit";
import type { Rule } from "@kurz/redirect-rules";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export { outboxMessages, outboxRelayLeases } from "@kurz/outbox";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Versions of link snapshots come from one sequence, so they only grow — per link, and also
 * per host + code when a code is deleted and created again (the edge caches by host + code).
 */
export const linkVersionSeq = pgSequence("link_version_seq");

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("campaigns_account_name_unique").on(table.accountId, sql`lower(${table.name})`),
    index("campaigns_account_created_idx").on(table.accountId, table.createdAt),
  ],
);

/**
 * Where a host sends a visitor who asked for its root, for an unknown code, or for an expired link
 * without its own expired URL (docs/api/domains.md#domain-redirects); "" = the default page.
 */
function hostRedirectColumns() {
  return {
    rootRedirectUrl: text("root_redirect_url").notNull().default(""),
    notFoundRedirectUrl: text("not_found_redirect_url").notNull().default(""),
    expiredRedirectUrl: text("expired_redirect_url").notNull().default(""),
  };
}

export const subdomains = pgTable(
  "subdomains",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    // Lowercase label; unique across all accounts (it is a host on the shared domain).
    subdomain: text("subdomain").notNull(),
    name: text("name").notNull().default(""),
    ...hostRedirectColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subdomains_subdomain_unique").on(table.subdomain),
    index("subdomains_account_idx").on(table.accountId),
  ],
);

export const brandedDomains = pgTable(
  "branded_domains",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    domain: text("domain").notNull(),
    name: text("name").notNull().default(""),
    status: text("status", { enum: ["pending", "verified", "failed"] })
      .notNull()
      .default("pending"),
    verificationToken: text("verification_token").notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    failureReason: text("failure_reason").notNull().default(""),
    ...hostRedirectColumns(),
    // The app association files served at /.well-known/ on the domain, kept as the owner sent
    // them (validated JSON) so they are served byte for byte; "" = none (404).
    appleAppSiteAssociation: text("apple_app_site_association").notNull().default(""),
    assetLinks: text("asset_links").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Several accounts may claim a host (a squatter must not block the owner), but only one
    // can prove it: the verified row is unique.
    uniqueIndex("branded_domains_account_domain_unique").on(table.accountId, table.domain),
    uniqueIndex("branded_domains_verified_domain_unique")
      .on(table.domain)
      .where(sql`${table.status} = 'verified'`),
  ],
);

/** One variant of the A/B test routed on a link (links.ab_variants). */
export interface AbRouteVariant {
  variantId: string;
  destinationUrl: string;
  /** Percent; the weights of a test sum to 100. */
  weight: number;
  control: boolean;
}

export const links = pgTable(
  "links",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    host: text("host").notNull(),
    code: text("code").notNull(),
    customAlias: boolean("custom_alias").notNull().default(false),
    urlType: text("url_type", { enum: ["standard", "branded", "subdomain"] }).notNull(),
    brandedDomainId: uuid("branded_domain_id").references(() => brandedDomains.id, { onDelete: "restrict" }),
    subdomainId: uuid("subdomain_id").references(() => subdomains.id, { onDelete: "restrict" }),
    // The destination as given (normalized) and with the UTM fields merged in: the latter is
    // what Resolve returns, precomputed so the hot path does no work.
    originalUrl: text("original_url").notNull(),
    destinationUrl: text("destination_url").notNull(),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    utmTerm: text("utm_term").notNull().default(""),
    utmContent: text("utm_content").notNull().default(""),
    name: text("name").notNull().default(""),
    dynamic: boolean("dynamic").notNull().default(false),
    trackingEnabled: boolean("tracking_enabled").notNull().default(true),
    conversionTracking: boolean("conversion_tracking").notNull().default(false),
    passwordHash: text("password_hash").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxClicks: integer("max_clicks").notNull().default(0),
    expiredUrl: text("expired_url").notNull().default(""),
    qr: boolean("qr").notNull().default(false),
    // The running A/B test routed on this link (set by abtest-engine through SetAbRouting while
    // the test runs; null otherwise) and its variants as the edge needs them.
    abTestId: uuid("ab_test_id"),
    abVariants: jsonb("ab_variants").$type<AbRouteVariant[]>().notNull().default([]),
    // Redirect rules as the API takes them (docs/api/redirect-rules.md), app deep links and the
    // preview card: the snapshot carries them to the edge.
    rules: jsonb("rules").$type<Rule[]>().notNull().default([]),
    iosUrl: text("ios_url").notNull().default(""),
    androidUrl: text("android_url").notNull().default(""),
    ogTitle: text("og_title").notNull().default(""),
    ogDescription: text("og_description").notNull().default(""),
    ogImage: text("og_image").notNull().default(""),
    // Fed by analytics later; kept here so listings can sort by it.
    clicks: bigint("clicks", { mode: "number" }).notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('link_version_seq')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Resolve's one lookup, and the alias uniqueness per host.
    uniqueIndex("links_host_code_unique").on(table.host, table.code),
    index("links_account_created_idx").on(table.accountId, table.createdAt),
    index("links_account_code_idx").on(table.accountId, table.code),
    index("links_campaign_idx").on(table.campaignId),
  ],
);

/** A links row as JSON (dates as ISO strings): what deleted_links keeps of a deleted link. */
export type StoredLink = {
  [K in keyof typeof links.$inferSelect]: (typeof links.$inferSelect)[K] extends Date
    ? string
    : (typeof links.$inferSelect)[K] extends Date | null
      ? string | null
      : (typeof links.$inferSelect)[K];
};

/**
 * Deleted links, kept while their code is quarantined (DELETED_CODE_QUARANTINE_DAYS): printed
 * links and QR codes go on pointing at a deleted code, so no other account may take it meanwhile;
 * the owner may restore the link or reuse the code. `link` is the row as it was, as JSON, so new
 * columns of links need no twin here. No foreign keys: a deleted link must not block deleting its
 * domain or campaign — restoring checks them again.
 */
export const deletedLinks = pgTable(
  "deleted_links",
  {
    linkId: uuid("link_id").primaryKey(),
    accountId: text("account_id").notNull(),
    host: text("host").notNull(),
    code: text("code").notNull(),
    // From link-api's clock, not now(): tests cross the quarantine by moving the clock.
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull(),
    link: jsonb("link").$type<StoredLink>().notNull(),
  },
  (table) => [
    // One tombstone per host + code: taking a code removes its tombstone in the same transaction.
    uniqueIndex("deleted_links_host_code_unique").on(table.host, table.code),
    index("deleted_links_account_deleted_idx").on(table.accountId, table.deletedAt),
  ],
);

export const qrCodes = pgTable(
  "qr_codes",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    name: text("name").notNull().default(""),
    type: text("type", {
      enum: ["url", "text", "wifi", "vcard", "email", "phone", "sms", "location"],
    }).notNull(),
    content: text("content").notNull(),
    payload: text("payload").notNull(),
    dynamic: boolean("dynamic").notNull().default(false),
    linkId: uuid("link_id").references(() => links.id, { onDelete: "restrict" }),
    size: integer("size").notNull(),
    foregroundColor: text("foreground_color").notNull(),
    backgroundColor: text("background_color").notNull(),
    format: text("format", { enum: ["png", "svg"] }).notNull(),
    errorCorrection: text("error_correction", { enum: ["L", "M", "Q", "H"] }).notNull(),
    margin: integer("margin").notNull(),
    moduleShape: text("module_shape", { enum: ["square", "rounded", "dots"] }).notNull(),
    finderShape: text("finder_shape", { enum: ["square", "rounded", "circle"] }).notNull(),
    logo: bytea("logo"),
    logoMimeType: text("logo_mime_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("qr_codes_account_created_idx").on(table.accountId, table.createdAt)],
);

/** What an import was asked to do, as given at upload (docs/api/links.md#imports). */
export interface ImportOptions {
  dryRun: boolean;
  onConflict: "skip" | "suffix" | "fail";
  tags: string[];
  campaignId: string | null;
}

/** One row an import could not make into a link (the first 1,000 are kept). */
export interface ImportRowError {
  row: number;
  code: string;
  message: string;
}

/**
 * An uploaded export of another shortener and how far its import got. `processed` is the number
 * of records of the file already applied: it moves in the same transaction as the links a batch
 * creates, so a worker that resumes skips exactly those (no duplicate, none lost). The lease lets
 * any replica run it and another take it over when its worker dies.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    status: text("status", { enum: ["queued", "running", "completed", "failed", "cancelled"] }).notNull(),
    format: text("format").notNull(),
    options: jsonb("options").$type<ImportOptions>().notNull(),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    errors: jsonb("errors").$type<ImportRowError[]>().notNull().default([]),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leasedBy: text("leased_by"),
    /**
     * Who started the import (the audit log's actor, @kurz/audit): the links it makes are
     * recorded as theirs, through the "import" surface. Null for imports started before.
     */
    startedBy: jsonb("started_by").$type<AuditActor>(),
    /**
     * Attempts since a batch last committed, the one under way included: each claim adds one, a
     * committed batch sets 1. Past IMPORT_MAX_ATTEMPTS the import fails.
     */
    attempts: integer("attempts").notNull().default(0),
    /** What stopped the last attempt that failed (shown when the attempts run out). */
    lastError: text("last_error").notNull().default(""),
  },
  (table) => [
    index("imports_account_created_idx").on(table.accountId, table.createdAt),
    index("imports_status_idx").on(table.status, table.createdAt),
  ],
);

/** An import's file, in upload order, ~256 KB a chunk: never held whole in memory. */
export const importChunks = pgTable(
  "import_chunks",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [uniqueIndex("import_chunks_import_seq_unique").on(table.importId, table.seq)],
);

export type LinkRow = typeof links.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type SubdomainRow = typeof subdomains.$inferSelect;
export type BrandedDomainRow = typeof brandedDomains.$inferSelect;
export type QrCodeRow = typeof qrCodes.$inferSelect;
export type DeletedLinkRow = typeof deletedLinks.$inferSelect;
export type ImportRow = typeof imports.$inferSelect;
