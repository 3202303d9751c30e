import { z } from "zod";
import { nameRule, tagsField } from "../links/link-fields";

const nameField = z
  .string()
  .trim()
  .min(1, "name is required")
  .max(100, "name must be at most 100 characters")
  .superRefine(nameRule("name"));
const descriptionField = z.string().trim().max(1000, "description must be at most 1000 characters");

export const createCampaignInputSchema = z.strictObject({
  name: nameField,
  description: descriptionField.optional(),
  tags: tagsField.optional(),
});

export type CreateCampaignInput = z.output<typeof createCampaignInputSchema>;

export const updateCampaignInputSchema = z.strictObject({
  name: nameField.optional(),
  description: descriptionField.optional(),
  tags: tagsField.optional(),
});

export type UpdateCampaignInput = z.output<typeof updateCampaignInputSchema>;

export const listCampaignsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});

export type ListCampaignsQuery = z.output<typeof listCampaignsQuerySchema>;
