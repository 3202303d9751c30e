import { z } from "zod";
import { defineTool } from "../tool-definition";
import { ROUTING_PARAMS, routingFieldsOf, ruleMessagesOf, rulesParam } from "./routing-params";
import { shortCodeParam, shortUrlSchema, toShortUrlOutput, URL_TYPE_OF } from "./short-url-output";

export const updateUrl = defineTool({
  name: "updateUrl",
  title: "Change a short link",
  description:
    "Changes the settings of one short link: only the parameters given change. The destination (`url`) can change only on a dynamic link. A password protects the link with a form; an empty password removes it. Use getUrl first to see the current settings.",
  input: {
    shortCode: shortCodeParam,
    url: z
      .url()
      .max(2048)
      .optional()
      .describe("New destination (dynamic links only)")
      .meta({ examples: ["https://shop.example.com/autumn"] }),
    name: z.string().max(200).optional().describe("New friendly name"),
    tracking_enabled: z.boolean().optional().describe("Count clicks or not"),
    is_dynamic: z.boolean().optional().describe("Allow destination changes (302) or not (301)"),
    password: z.string().max(128).optional().describe('Password visitors must enter; "" removes it'),
    tags: z.array(z.string().min(1).max(50)).max(20).optional().describe("Replaces the link's tags"),
    campaign_id: z
      .union([z.uuid(), z.literal("none")])
      .optional()
      .describe('Campaign to file the link under; "none" detaches it'),
    urlType: z.enum(["standard", "branded", "subdomain"]).optional().describe("Which host the link uses"),
    branded_domain: z.string().max(253).optional(),
    subdomain: z
      .string()
      .max(63)
      .optional()
      .meta({ examples: ["acme"] }),
    rules: rulesParam
      .optional()
      .describe("Replaces the link's redirect rules; [] removes them (see setRedirectRules)"),
    ...ROUTING_PARAMS,
  },
  output: { url: shortUrlSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "shorturl:update",
  async run(clients, args) {
    const { link } = await clients.links.updateLink({
      shortCode: args.shortCode,
      ...(args.url === undefined ? {} : { url: args.url }),
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.tracking_enabled === undefined ? {} : { trackingEnabled: args.tracking_enabled }),
      ...(args.is_dynamic === undefined ? {} : { isDynamic: args.is_dynamic }),
      ...(args.password === undefined ? {} : { password: args.password }),
      ...(args.tags === undefined ? {} : { tags: { tags: args.tags } }),
      ...(args.campaign_id === undefined
        ? {}
        : { campaignId: args.campaign_id === "none" ? "" : args.campaign_id }),
      ...(args.urlType === undefined ? {} : { urlType: URL_TYPE_OF[args.urlType] }),
      ...(args.branded_domain === undefined ? {} : { brandedDomain: args.branded_domain }),
      ...(args.subdomain === undefined ? {} : { subdomain: args.subdomain }),
      ...(args.rules === undefined ? {} : { rules: { rules: ruleMessagesOf(args.rules) } }),
      ...routingFieldsOf(args),
    });
    return { url: toShortUrlOutput(link) };
  },
});
