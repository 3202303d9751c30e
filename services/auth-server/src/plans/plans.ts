import { SCOPE_NAMES, type Scope } from "@kurz/auth-verifier";
import { type Limit, UNLIMITED } from "./limit";

export const PLAN_IDS = ["free", "pro", "business", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * What a plan allows. Counts are Limits: 0 means "not included", only UNLIMITED means no maximum.
 * A feature that is off (abTests, webhooks) has a limit of 0 too.
 */
export interface Plan {
  id: PlanId;
  name: string;
  mcpAccess: boolean;
  webhooks: boolean;
  abTests: boolean;
  maxLinks: Limit;
  maxQrCodes: Limit;
  maxBrandedDomains: Limit;
  maxSubdomains: Limit;
  maxCampaigns: Limit;
  maxAbTests: Limit;
  maxWebhookEndpoints: Limit;
  /** Active (not revoked) API keys. */
  maxApiKeys: Limit;
  /** People in a workspace, pending invitations included (the owner counts). */
  maxMembers: Limit;
  analyticsRetentionDays: number;
  /** Audit log entries older than this are deleted. */
  auditLogRetentionDays: number;
  /** REST requests per minute: every plan has a rate, never "unlimited" and never 0. */
  restRequestsPerMinute: number;
  /** MCP calls per minute; 0 exactly when the plan has no MCP access. */
  mcpRequestsPerMinute: number;
}

/**
 * The OAuth scopes (and API-key permissions) an account may grant: every scope, on every plan.
 * Scopes say what a credential may do, plans what an account may use: a plan never narrows
 * scopes, because an account keeps data of a feature its plan lost (paused webhook endpoints,
 * paused A/B tests) and must still list, read, stop and delete it. What the plan lacks is
 * refused by the owning service at the action that would create or run something
 * (PLAN_REQUIRED; docs/api/plans.md#scopes-by-plan). gRPC still sends it as
 * Plan.grantable_scopes, and REST as plan.grantable_scopes, for older readers.
 */
export const GRANTABLE_SCOPES: readonly Scope[] = SCOPE_NAMES;

/**
 * THE plan table (no billing: an admin command moves accounts between plans). Other services
 * read it through gRPC GetAccount and enforce it: a feature that is off (webhooks, abTests,
 * mcpAccess) is refused where something would be created or run, never by narrowing scopes.
 */
export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: "free",
    name: "Free",
    mcpAccess: false,
    webhooks: false,
    abTests: false,
    maxLinks: 500,
    maxQrCodes: 50,
    maxBrandedDomains: 0,
    maxSubdomains: 1,
    maxCampaigns: 5,
    maxAbTests: 0,
    maxWebhookEndpoints: 0,
    maxApiKeys: 50,
    maxMembers: 1,
    analyticsRetentionDays: 30,
    auditLogRetentionDays: 30,
    restRequestsPerMinute: 60,
    mcpRequestsPerMinute: 0,
  },
  pro: {
    id: "pro",
    name: "Pro",
    mcpAccess: true,
    webhooks: false,
    abTests: true,
    maxLinks: 10_000,
    maxQrCodes: 1_000,
    maxBrandedDomains: 3,
    maxSubdomains: 5,
    maxCampaigns: 50,
    maxAbTests: 10,
    maxWebhookEndpoints: 0,
    maxApiKeys: 50,
    maxMembers: 3,
    analyticsRetentionDays: 365,
    auditLogRetentionDays: 365,
    restRequestsPerMinute: 600,
    mcpRequestsPerMinute: 60,
  },
  business: {
    id: "business",
    name: "Business",
    mcpAccess: true,
    webhooks: true,
    abTests: true,
    maxLinks: 100_000,
    maxQrCodes: 10_000,
    maxBrandedDomains: 10,
    maxSubdomains: 20,
    maxCampaigns: 500,
    maxAbTests: 100,
    maxWebhookEndpoints: 10,
    maxApiKeys: 50,
    maxMembers: 10,
    analyticsRetentionDays: 730,
    auditLogRetentionDays: 730,
    restRequestsPerMinute: 3_000,
    mcpRequestsPerMinute: 300,
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    mcpAccess: true,
    webhooks: true,
    abTests: true,
    maxLinks: UNLIMITED,
    maxQrCodes: UNLIMITED,
    maxBrandedDomains: UNLIMITED,
    maxSubdomains: UNLIMITED,
    maxCampaigns: UNLIMITED,
    maxAbTests: UNLIMITED,
    maxWebhookEndpoints: 100,
    maxApiKeys: 50,
    maxMembers: UNLIMITED,
    analyticsRetentionDays: 1_825,
    auditLogRetentionDays: 1_825,
    restRequestsPerMinute: 12_000,
    mcpRequestsPerMinute: 1_200,
  },
};

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan of a stored account; an unknown id (impossible by the table's check) reads as free. */
export function planOf(id: string): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}
