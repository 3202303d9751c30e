import type { eventsV1 } from "@kurz/proto";
import { campaignsV1 } from "@kurz/proto";
import type { z } from "zod";
import type { campaignDataSchema } from "./campaign-payloads";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";

export type MappedCampaignEvent = MappedEvent<
  "campaign.created" | "campaign.updated" | "campaign.deleted",
  z.output<typeof campaignDataSchema>
>;

/** campaign.created / updated / deleted (CampaignChanged) as the webhook of the same name. */
export function mapCampaignEvent(
  envelope: eventsV1.EventEnvelope,
  type: MappedCampaignEvent["type"],
): MappedCampaignEvent {
  const campaign = decodeEventPayload(envelope, campaignsV1.CampaignChangedSchema).campaign;
  if (!campaign || campaign.id === "") throw invalidEvent(envelope, "CampaignChanged carries no campaign");
  return {
    type,
    data: {
      id: campaign.id,
      name: campaign.name,
      description: campaign.description,
      tags: campaign.tags,
      link_count: Number(campaign.linkCount),
      created_at: isoTimeOf(envelope, campaign.createdAt, "created_at"),
      updated_at: isoTimeOf(envelope, campaign.updatedAt, "updated_at"),
    },
  };
}
