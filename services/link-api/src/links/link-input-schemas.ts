import { z } from "zod";
import {
  campaignIdField,
  customAliasField,
  destinationUrlField,
  expiresAtField,
  hostNameField,
  maxClicksField,
  nameField,
  ogDescriptionField,
  ogImageField,
  ogTitleField,
  optionalUrlField,
  passwordField,
  rulesField,
  subdomainLabelField,
  tagsField,
  urlTypeField,
  utmValueField,
} from "./link-fields";

const utmFields = {
  utm_source: utmValueField.optional(),
  utm_medium: utmValueField.optional(),
  utm_campaign: utmValueField.optional(),
  utm_term: utmValueField.optional(),
  utm_content: utmValueField.optional(),
};

/** The link inputs (docs/api/links.md#input-fields), UTM and expiry included. Unknown fields are refused. */
export const createLinkInputSchema = z.strictObject({
  url: destinationUrlField,
  customAlias: customAliasField.optional(),
  name: nameField.optional(),
  tracking_enabled: z.boolean().optional(),
  is_dynamic: z.boolean().optional(),
  campaign_id: campaignIdField.optional(),
  urlType: urlTypeField.optional(),
  branded_domain: hostNameField.optional(),
  subdomain: subdomainLabelField.optional(),
  tags: tagsField.optional(),
  password: passwordField.optional(),
  ...utmFields,
  expires_at: expiresAtField.optional(),
  max_clicks: maxClicksField.optional(),
  expired_url: optionalUrlField.optional(),
  conversion_tracking: z.boolean().optional(),
  rules: rulesField.optional(),
  ios_url: optionalUrlField.optional().describe("iOS visitors go here before any rule; empty for none"),
  android_url: optionalUrlField
    .optional()
    .describe("Android visitors go here before any rule; empty for none"),
  og_title: ogTitleField.optional(),
  og_description: ogDescriptionField.optional(),
  og_image: ogImageField.optional(),
});

export type CreateLinkInput = z.output<typeof createLinkInputSchema>;

/**
 * Fields present are changed. null (or "") clears password, expires_at, expired_url; null or 0
 * clears max_clicks; campaign_id "none" (or null) detaches from the campaign.
 */
export const updateLinkInputSchema = z.strictObject({
  url: destinationUrlField.optional(),
  name: nameField.optional(),
  tracking_enabled: z.boolean().optional(),
  is_dynamic: z.boolean().optional(),
  password: passwordField.nullable().optional(),
  tags: tagsField.optional(),
  campaign_id: z
    .union([z.literal("none"), campaignIdField])
    .nullable()
    .optional()
    .describe('UUID of one of the account\'s campaigns, or "none" to detach'),
  urlType: urlTypeField.optional(),
  branded_domain: hostNameField.optional(),
  subdomain: subdomainLabelField.optional(),
  ...utmFields,
  expires_at: expiresAtField.nullable().optional(),
  max_clicks: maxClicksField.nullable().optional(),
  expired_url: optionalUrlField.nullable().optional(),
  conversion_tracking: z.boolean().optional(),
  rules: rulesField.optional().describe("Replaces the rules; [] removes them all"),
  ios_url: optionalUrlField.nullable().optional(),
  android_url: optionalUrlField.nullable().optional(),
  og_title: ogTitleField.nullable().optional(),
  og_description: ogDescriptionField.nullable().optional(),
  og_image: ogImageField.nullable().optional(),
});

export type UpdateLinkInput = z.output<typeof updateLinkInputSchema>;

export const listLinksQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(["created_at", "clicks", "name"]).default("created_at"),
  order: z.enum(["asc", "desc"]).optional(),
  tag: z.string().trim().max(100).optional(),
  campaign_id: z.uuid().optional(),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .optional()
    .describe(
      "Only links answering on this host (a link's `domain`: the shared host, a subdomain or a branded domain)",
    ),
});

export type ListLinksQuery = z.output<typeof listLinksQuerySchema>;
