import { z } from "zod";
import { idField, isoTimeField } from "./webhook-payload-fields";

/** `data` of campaign.created, campaign.updated and campaign.deleted: the REST API's Campaign in snake_case. */
export const campaignDataSchema = z
  .object({
    id: idField("The campaign's UUID (links name it as campaign_id)"),
    name: z.string().describe("The campaign's name"),
    description: z.string().describe("Empty when none was given"),
    tags: z.array(z.string()).describe("Free-form tags"),
    link_count: z.number().int().nonnegative().describe("Links assigned to it at the time of the event"),
    created_at: isoTimeField("When the campaign was created"),
    updated_at: isoTimeField("When the campaign last changed"),
  })
  .describe("A campaign: a named group of the account's links");

const spring = {
  id: "0191c39e-12ab-7def-9a01-23456789abcd",
  name: "Spring sale 2025",
  description: "Newsletter and social links for the spring sale",
  tags: ["sale", "spring"],
  link_count: 0,
  created_at: "2025-02-27T14:03:11.000Z",
  updated_at: "2025-02-27T14:03:11.000Z",
} satisfies z.input<typeof campaignDataSchema>;

export const campaignPayloadExamples = {
  "campaign.created": spring,
  "campaign.updated": { ...spring, link_count: 12, updated_at: "2025-03-01T09:30:00.000Z" },
  "campaign.deleted": { ...spring, link_count: 12, updated_at: "2025-03-01T09:30:00.000Z" },
} satisfies Record<
  "campaign.created" | "campaign.updated" | "campaign.deleted",
  z.input<typeof campaignDataSchema>
>;
