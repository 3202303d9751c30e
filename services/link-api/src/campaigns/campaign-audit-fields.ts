import { auditFields } from "@kurz/audit";
import type { CampaignRow } from "../db/schema";

/** A campaign's fields as its audit entries show them (not its link count: links move on their own). */
export function campaignAuditFields(campaign: CampaignRow): Record<string, unknown> {
  return auditFields(campaign, ["linkCount"]);
}
