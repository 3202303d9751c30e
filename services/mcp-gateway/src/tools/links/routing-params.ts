import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import { MAX_CONDITIONS, MAX_RULES, MAX_VALUES } from "@kurz/redirect-rules";
import { z } from "zod";

const CONDITION_TYPES = [
  "device",
  "os",
  "browser",
  "language",
  "country",
  "region",
  "city",
  "ip",
  "referrer_host",
  "query_param",
  "after",
  "before",
] as const;

/**
 * One condition as the tools take it: a flat object (every MCP client can fill it), checked in
 * full by link-api with the REST schema, whose messages name the rule and condition refused.
 */
const conditionParam = z
  .strictObject({
    type: z.enum(CONDITION_TYPES),
    values: z
      .array(z.string().max(253))
      .min(1)
      .max(MAX_VALUES)
      .optional()
      .describe(
        "For device (mobile, tablet, desktop), os (ios, android, windows, macos, linux, chromeos), browser (chrome, safari, firefox, edge, samsung, opera, other), language (de, pt-BR), country (DE), region (DE-BY), city, ip (CIDR), referrer_host: the visitor matches when any value does",
      ),
    name: z.string().max(256).optional().describe("query_param: the parameter's name"),
    value: z
      .string()
      .max(1024)
      .optional()
      .describe("query_param: the value it must equal (absent: present is enough)"),
    at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("after / before: an ISO 8601 instant with an offset"),
  })
  .meta({ examples: [{ type: "language", values: ["de"] }] });

export const rulesParam = z
  .array(
    z.strictObject({
      id: z.string().min(1).max(64).describe("Letters, digits, - and _; unique within the link"),
      name: z.string().max(100).optional(),
      destination_url: z.url().max(2048).describe("Where visitors matching every condition go"),
      conditions: z.array(conditionParam).min(1).max(MAX_CONDITIONS),
    }),
  )
  .max(MAX_RULES)
  .describe(
    "Redirect rules in order: the first whose conditions all hold sends the visitor to its destination_url; no match: the link's URL",
  );

export type RulesParam = z.output<typeof rulesParam>;

export const ROUTING_PARAMS = {
  ios_url: z
    .string()
    .max(2048)
    .optional()
    .describe('iOS visitors go here before any rule (an App Store or universal link); "" removes'),
  android_url: z
    .string()
    .max(2048)
    .optional()
    .describe('Android visitors go here before any rule; "" removes'),
  og_title: z
    .string()
    .max(200)
    .optional()
    .describe("Title of the card link previews show (Slack, X, LinkedIn…)"),
  og_description: z.string().max(500).optional().describe("Description of the preview card"),
  og_image: z.string().max(2048).optional().describe("https:// image of the preview card"),
};

/** The rules as protobuf RedirectRules (link-api validates them as it does REST's). */
export function ruleMessagesOf(rules: RulesParam): MessageInitShape<typeof linksV1.RedirectRuleSchema>[] {
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name ?? "",
    destinationUrl: rule.destination_url,
    conditions: rule.conditions.map((c) => ({
      type: c.type,
      values: c.values ?? [],
      name: c.name ?? "",
      ...(c.value === undefined ? {} : { value: c.value }),
      ...(c.at === undefined ? {} : { at: timestampFromMs(Date.parse(c.at)) }),
    })),
  }));
}

type RoutingArgs = { [K in keyof typeof ROUTING_PARAMS]?: string | undefined };

/** The deep-link and card fields given, by their protobuf names (absent ones left out). */
export function routingFieldsOf(args: RoutingArgs) {
  return {
    ...(args.ios_url === undefined ? {} : { iosUrl: args.ios_url }),
    ...(args.android_url === undefined ? {} : { androidUrl: args.android_url }),
    ...(args.og_title === undefined ? {} : { ogTitle: args.og_title }),
    ...(args.og_description === undefined ? {} : { ogDescription: args.og_description }),
    ...(args.og_image === undefined ? {} : { ogImage: args.og_image }),
  };
}
