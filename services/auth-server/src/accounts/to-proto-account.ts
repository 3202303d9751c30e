import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { authV1 } from "@kurz/proto";
import type { AccountRow } from "../db/schema";
import { type Plan, planOf } from "../plans/plans";

export function toProtoPlan(plan: Plan): MessageInitShape<typeof authV1.PlanSchema> {
  return {
    id: plan.id,
    mcpAccess: plan.mcpAccess,
    webhooks: plan.webhooks,
    abTests: plan.abTests,
    maxLinks: plan.maxLinks,
    maxQrCodes: plan.maxQrCodes,
    maxBrandedDomains: plan.maxBrandedDomains,
    maxSubdomains: plan.maxSubdomains,
    maxCampaigns: plan.maxCampaigns,
    maxAbTests: plan.maxAbTests,
    maxWebhookEndpoints: plan.maxWebhookEndpoints,
    analyticsRetentionDays: plan.analyticsRetentionDays,
    restRequestsPerMinute: plan.restRequestsPerMinute,
    mcpRequestsPerMinute: plan.mcpRequestsPerMinute,
    grantableScopes: [...plan.grantableScopes],
  };
}

export function toProtoAccount(row: AccountRow): MessageInitShape<typeof authV1.AccountSchema> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: toProtoPlan(planOf(row.plan)),
    createdAt: timestampFromDate(row.createdAt),
  };
}
