import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { authV1, commonV1 } from "@kurz/proto";
import { type Limit, UNLIMITED } from "../plans/limit";
import { GRANTABLE_SCOPES, type Plan, planOf } from "../plans/plans";
import type { WorkspaceAccount } from "../workspaces/find-workspace-account";

function toProtoLimit(limit: Limit): MessageInitShape<typeof commonV1.LimitSchema> {
  return { kind: limit === UNLIMITED ? { case: "unlimited", value: true } : { case: "max", value: limit } };
}

/**
 * The deprecated int32 max_* encoding (0 = unlimited), still sent for readers older than the
 * Limit fields; it cannot say "not included", which it sends as 0 as it always did.
 */
const legacyMax = (limit: Limit): number => (limit === UNLIMITED ? 0 : limit);

export function toProtoPlan(plan: Plan): MessageInitShape<typeof authV1.PlanSchema> {
  return {
    id: plan.id,
    mcpAccess: plan.mcpAccess,
    webhooks: plan.webhooks,
    abTests: plan.abTests,
    linkLimit: toProtoLimit(plan.maxLinks),
    qrCodeLimit: toProtoLimit(plan.maxQrCodes),
    brandedDomainLimit: toProtoLimit(plan.maxBrandedDomains),
    subdomainLimit: toProtoLimit(plan.maxSubdomains),
    campaignLimit: toProtoLimit(plan.maxCampaigns),
    abTestLimit: toProtoLimit(plan.maxAbTests),
    webhookEndpointLimit: toProtoLimit(plan.maxWebhookEndpoints),
    apiKeyLimit: toProtoLimit(plan.maxApiKeys),
    memberLimit: toProtoLimit(plan.maxMembers),
    maxLinks: legacyMax(plan.maxLinks),
    maxQrCodes: legacyMax(plan.maxQrCodes),
    maxBrandedDomains: legacyMax(plan.maxBrandedDomains),
    maxSubdomains: legacyMax(plan.maxSubdomains),
    maxCampaigns: legacyMax(plan.maxCampaigns),
    maxAbTests: legacyMax(plan.maxAbTests),
    maxWebhookEndpoints: legacyMax(plan.maxWebhookEndpoints),
    analyticsRetentionDays: plan.analyticsRetentionDays,
    restRequestsPerMinute: plan.restRequestsPerMinute,
    mcpRequestsPerMinute: plan.mcpRequestsPerMinute,
    // Every scope on every plan (plans.ts GRANTABLE_SCOPES); kept in the contract for its readers.
    grantableScopes: [...GRANTABLE_SCOPES],
  };
}

/** A workspace as AuthService's Account (its id is what every service calls account_id). */
export function toProtoAccount(row: WorkspaceAccount): MessageInitShape<typeof authV1.AccountSchema> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: toProtoPlan(planOf(row.plan)),
    createdAt: timestampFromDate(row.createdAt),
  };
}
