import { z } from "zod";
import { defineTool } from "../tool-definition";
import { bulkItemResultSchema, MCP_BULK_MAX_ITEMS, toBulkResults } from "./bulk-result-output";
import { URL_TYPE_OF } from "./short-url-output";

export const bulkShortenUrls = defineTool({
  name: "bulkShortenUrls",
  title: "Shorten many URLs at once",
  description: `Creates up to ${MCP_BULK_MAX_ITEMS} short links in one call, in order, each as shortenUrl would. Use it when the user gives a list of URLs. Each item succeeds or fails on its own: the result names every item's short URL or its error at its index (a taken alias, an invalid URL, the plan's link limit reached), so report the failures and do not retry the whole list. Creates links in the account (each counts against the plan's link limit).`,
  input: {
    urls: z
      .array(
        z.strictObject({
          url: z.url().max(2048).describe("The destination, with http:// or https://"),
          customAlias: z
            .string()
            .regex(/^[A-Za-z0-9_-]{3,50}$/)
            .optional()
            .describe("Your own short code: 3 to 50 letters, digits, - or _"),
          name: z.string().max(200).optional().describe("A friendly name shown in lists"),
          tags: z.array(z.string().min(1).max(50)).max(20).optional().describe("Labels for filtering"),
          campaign_id: z.uuid().optional().describe("Campaign to file the link under (see listCampaigns)"),
          is_dynamic: z
            .boolean()
            .default(false)
            .describe("Allow changing the destination later; default false"),
          tracking_enabled: z.boolean().default(true).describe("Count clicks (default true)"),
          urlType: z.enum(["standard", "branded", "subdomain"]).default("standard").describe("Which host"),
          branded_domain: z
            .string()
            .max(253)
            .optional()
            .describe("A verified branded domain (urlType branded)"),
          subdomain: z.string().max(63).optional().describe("A reserved subdomain (urlType subdomain)"),
        }),
      )
      .min(1)
      .max(MCP_BULK_MAX_ITEMS)
      .describe(`The links to create, 1 to ${MCP_BULK_MAX_ITEMS}`),
  },
  output: {
    results: z.array(bulkItemResultSchema).describe("One per item, in the call's order"),
    created: z.number().int().describe("How many links were made"),
    failed: z.number().int().describe("How many items were refused"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "shorturl:create",
  async run(clients, args) {
    const { results } = await clients.links.bulkCreateLinks({
      links: args.urls.map((item) => ({
        url: item.url,
        customAlias: item.customAlias ?? "",
        name: item.name ?? "",
        trackingEnabled: item.tracking_enabled,
        isDynamic: item.is_dynamic,
        campaignId: item.campaign_id ?? "",
        urlType: URL_TYPE_OF[item.urlType],
        brandedDomain: item.branded_domain ?? "",
        subdomain: item.subdomain ?? "",
        tags: item.tags ?? [],
      })),
    });
    const items = toBulkResults(results);
    const created = items.filter((item) => item.success).length;
    return { results: items, created, failed: items.length - created };
  },
});
