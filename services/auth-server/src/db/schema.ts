import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull();

/**
 * One row per person (who signs in). `email` is stored lower-cased, so the unique index is
 * case-insensitive. A person acts in workspaces through memberships; the workspace created with
 * a person at sign-up has the person's id (docs/api/workspaces.md).
 */
export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull().unique("accounts_email_unique"),
  name: text("name").notNull().default(""),
  /** scrypt; null for a person who only signs in through single sign-on (migration 0006). */
  passwordHash: text("password_hash"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * The unit that owns data and holds a plan: every other service's `account_id` is a workspace id.
 * Before workspaces each account owned its data; migration 0002 made each one a workspace with the
 * same id, its person the owner.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    plan: text("plan").notNull().default("free"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("workspaces_plan_check", sql`${t.plan} in ('free', 'pro', 'business', 'enterprise')`)],
);

/** A person's role in a workspace (@kurz/auth-verifier roles.ts). Every workspace has an owner. */
export const memberships = pgTable(
  "memberships",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
    /** When the person last chose this workspace (a new grant acts in the last one chosen). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "memberships_pkey", columns: [t.workspaceId, t.accountId] }),
    index("memberships_account_idx").on(t.accountId),
    check("memberships_role_check", sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

/** Browser sessions. Only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_account_idx").on(t.accountId)],
);

/** Registered (RFC 7591) and pre-registered OAuth clients. */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  clientName: text("client_name").notNull(),
  /** SHA-256 of the secret; null for public clients (token_endpoint_auth_method "none"). */
  secretHash: text("secret_hash"),
  tokenEndpointAuthMethod: text("token_endpoint_auth_method").notNull(),
  redirectUris: text("redirect_uris").array().notNull(),
  grantTypes: text("grant_types").array().notNull(),
  responseTypes: text("response_types").array().notNull(),
  /** Scopes the client may ask for; null: any scope. */
  scope: text("scope"),
  clientUri: text("client_uri"),
  /** "dynamic" (RFC 7591), "preregistered" (configuration) or "first-party" (the dashboard). */
  kind: text("kind").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
});

/** Authorization codes (only their hash). `familyId` is set when the code is exchanged. */
export const authorizationCodes = pgTable(
  "authorization_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    scope: text("scope").notNull(),
    codeChallenge: text("code_challenge"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    familyId: uuid("family_id"),
    /** The workspace chosen on the consent page; null: the person's own. */
    workspaceId: uuid("workspace_id"),
  },
  (t) => [index("authorization_codes_expires_idx").on(t.expiresAt)],
);

/**
 * A grant: everything descended from one authorization code. Revoking it revokes every refresh
 * token of the family and every access token issued with them.
 */
export const tokenFamilies = pgTable(
  "token_families",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The workspace the grant's tokens act in (their `workspace_id` claim); null: the person's own. */
    workspaceId: uuid("workspace_id"),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("token_families_account_idx").on(t.accountId, t.clientId)],
);

/** Refresh tokens (only their hash). */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when rotated: presenting it again is reuse. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Every access token issued (jti only), so revoking a family reaches its live access tokens. */
export const issuedAccessTokens = pgTable(
  "issued_access_tokens",
  {
    jti: text("jti").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("issued_access_tokens_family_idx").on(t.familyId),
    index("issued_access_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Access tokens revoked before their expiry (RFC 7009); rows are useless after `expiresAt`. */
export const revokedAccessTokens = pgTable(
  "revoked_access_tokens",
  {
    jti: text("jti").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_access_tokens_expires_idx").on(t.expiresAt)],
);

/** Token signing keys. The private JWK is AES-256-GCM encrypted with the key-encryption key. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  privateJwkEncrypted: text("private_jwk_encrypted").notNull(),
  createdAt: createdAt(),
  /** Signing starts here; the key is published in the JWKS before, so verifiers know it first. */
  activatesAt: timestamp("activates_at", { withTimezone: true }).notNull(),
});

/**
 * Invitations to join a workspace, each bound to one e-mail address and usable once before
 * `expires_at` (docs/api/workspaces.md#invitations). Only the SHA-256 of the link's secret is
 * stored.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased, like accounts.email. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique("invitations_token_hash_unique"),
    invitedBy: uuid("invited_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => accounts.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("invitations_workspace_idx").on(t.workspaceId),
    check("invitations_role_check", sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

/**
 * The audit log (docs/api/workspaces.md#audit-log): one row per change to a workspace, written in
 * the change's transaction. Secrets never enter it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** "person", "api_key" or "operator". */
    actorType: text("actor_type").notNull(),
    /** The person's or key's id; null for the operator. */
    actorId: text("actor_id"),
    /** Through what: "rest", "dashboard", "pages", "mcp", "grpc", "admin". */
    surface: text("surface").notNull(),
    /** The OAuth client the person acted through, when there was one. */
    clientId: text("client_id"),
    clientAddress: text("client_address"),
    /** e.g. "member.role_changed". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** Field → { before, after } (null where there was none). */
    changes: jsonb("changes").notNull(),
  },
  (t) => [index("audit_log_workspace_time_idx").on(t.workspaceId, t.occurredAt, t.id)],
);

/**
 * A workspace's single sign-on (docs/api/workspaces.md#single-sign-on): one OpenID provider per
 * workspace, for one e-mail domain no other workspace claims. The client secret is sealed
 * (AES-256-GCM, the workspace id bound as associated data); `verified_at` is set once the
 * domain's TXT record shows `verification_token`, and cleared when the domain changes.
 */
export const workspaceSso = pgTable("workspace_sso", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretSealed: text("client_secret_sealed").notNull(),
  /** Lower-cased e-mail domain. */
  domain: text("domain").notNull().unique("workspace_sso_domain_unique"),
  /** Password log-in and sign-up refused for the domain (once verified). */
  enforced: boolean("enforced").notNull().default(false),
  verificationToken: text("verification_token").notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * API keys for the MCP server (and future key-authenticated surfaces). Only the hash is stored. A
 * key belongs to a workspace (`account_id`), not to the person who created it, and acts there with
 * at most `role`.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The role ceiling chosen at creation (never above its creator's role then). */
    role: text("role").notNull().default("owner"),
    /** Who created it; null for keys older than workspaces and after that person is deleted. */
    createdBy: uuid("created_by").references(() => accounts.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique("api_keys_key_hash_unique"),
    /** The first characters of the key, shown in lists so people can tell keys apart. */
    displayPrefix: text("display_prefix").notNull(),
    permissions: text("permissions").array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_keys_account_idx").on(t.accountId),
    check("api_keys_role_check", sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type WorkspaceSsoRow = typeof workspaceSso.$inferSelect;
export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Transactional outbox: account events are written with the change and relayed to kurz.account.v1. */
export { outboxMessages, outboxRelayLeases } from "@kurz/outbox";
