import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { eventTopics } from "@kurz/events";
import { campaignsV1 } from "@kurz/proto";
import type { LinkApiTransaction } from "../db/link-api-database";
import { enqueueEvent } from "../events/enqueue-event";
import type { CampaignWithCount } from "./campaign-with-count";

export function toCampaignMessage(campaign: CampaignWithCount) {
  return {
    id: campaign.id,
    accountId: campaign.accountId,
    name: campaign.name,
    description: campaign.description,
    tags: campaign.tags,
    linkCount: BigInt(campaign.linkCount),
    createdAt: timestampFromDate(campaign.createdAt),
    updatedAt: timestampFromDate(campaign.updatedAt),
  };
}

export function enqueueCampaignChanged(
  tx: LinkApiTransaction,
  type: "campaign.created" | "campaign.updated" | "campaign.deleted",
  occurredAt: Date,
  campaign: CampaignWithCount,
): Promise<void> {
  return enqueueEvent(tx, {
    occurredAt,
    topic: eventTopics.campaign,
    type,
    accountId: campaign.accountId,
    schema: campaignsV1.CampaignChangedSchema,
    payload: { campaign: toCampaignMessage(campaign) },
  });
}
