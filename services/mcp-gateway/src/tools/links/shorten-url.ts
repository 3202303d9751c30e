import { z } from "zod";
import { defineTool } from "../tool-definition";
import { ROUTING_PARAMS, routingFieldsOf, ruleMessagesOf, rulesParam } from "./routing-params";
import { shortUrlSchema, toShortUrlOutput, URL_TYPE_OF } from "./short-url-output";

export const shortenUrl = defineTool({
  name: "shortenUrl",
  title: "Shorten a URL",
  description:
    "Creates a new short link to `url` and returns its short URL. Use it whenever the user wants a link shortened, branded or tracked. Creates one link in the account (counts against the plan's link limit); nothing else changes.",
  input: {
    url: z
      .url()
      .max(2048)
      .describe('The destination, with http:// or https://, e.g. "https://shop.example.com/spring"')
      .meta({ examples: ["https://shop.example.com/spring?ref=newsletter"] }),
    customAlias: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,50}$/)
      .optional()
      .describe(
        "Your own short code: 3 to 50 letters, digits, - or _ (check it first with checkAliasAvailability)",
      ),
    name: z.string().max(200).optional().describe("A friendly name shown in lists"),
    tracking_enabled: z.boolean().default(true).describe("Count clicks (default true)"),
    is_dynamic: z
      .boolean()
      .default(false)
      .describe("Allow changing the destination later (302 redirect); default false"),
    campaign_id: z.uuid().optional().describe("Campaign to file the link under (see listCampaigns)"),
    urlType: z
      .enum(["standard", "branded", "subdomain"])
      .default("standard")
      .describe("Which host the link uses"),
    branded_domain: z
      .string()
      .max(253)
      .optional()
      .describe("A verified branded domain of the account (urlType branded)"),
    subdomain: z
      .string()
      .max(63)
      .optional()
      .describe("A reserved subdomain of the account (urlType subdomain)")
      .meta({ examples: ["acme"] }),
    tags: z
      .array(z.string().min(1).max(50))
      .max(20)
      .optional()
      .describe('Labels for filtering, e.g. ["spring", "email"]'),
    rules: rulesParam.optional(),
    ...ROUTING_PARAMS,
  },
  output: { url: shortUrlSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "shorturl:create",
  async run(clients, args) {
    const { link } = await clients.links.createLink({
      url: args.url,
      customAlias: args.customAlias ?? "",
      name: args.name ?? "",
      trackingEnabled: args.tracking_enabled,
      isDynamic: args.is_dynamic,
      campaignId: args.campaign_id ?? "",
      urlType: URL_TYPE_OF[args.urlType],
      brandedDomain: args.branded_domain ?? "",
      subdomain: args.subdomain ?? "",
      tags: args.tags ?? [],
      rules: ruleMessagesOf(args.rules ?? []),
      ...routingFieldsOf(args),
    });
    return { url: toShortUrlOutput(link) };
  },
});
