import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import { defineTool } from "../tool-definition";
import { shortCodeParam } from "./short-url-output";

export const simulateRedirect = defineTool({
  name: "simulateRedirect",
  title: "Explain where a visitor would go",
  description:
    "Runs a short link's redirect decision (expiry, password, preview card for link-preview crawlers, app deep links, redirect rules, A/B test, the link's URL) on a visitor you describe, and explains each step. Use it to answer 'why did my visitor land there?' or to check rules after setRedirectRules. Reads only.",
  input: {
    shortCode: shortCodeParam,
    user_agent: z.string().max(1024).optional().describe("The visitor's User-Agent"),
    accept_language: z
      .string()
      .max(1024)
      .optional()
      .meta({ examples: ["de-DE,de;q=0.9,en;q=0.5"] }),
    ip: z.string().max(64).optional().describe("The visitor's address; located when no country is given"),
    country: z.string().max(2).optional().describe("ISO 3166-1 alpha-2, e.g. DE"),
    region: z.string().max(6).optional().describe("ISO 3166-2, e.g. DE-BY"),
    city: z.string().max(100).optional(),
    referrer: z.string().max(4096).optional(),
    query: z
      .record(z.string().max(256), z.string().max(1024))
      .optional()
      .describe("Query parameters on the short URL"),
    at: z.iso.datetime({ offset: true }).optional().describe("The instant of the visit; default now"),
  },
  output: {
    destination_url: z.string().describe("Where the visitor goes; empty for a 410 page"),
    status_code: z.number().int(),
    matched: z.string().describe("expired, password, deep_link, rule, ab_test, default or preview"),
    rule: z.object({ id: z.string(), name: z.string(), index: z.number().int() }).nullable(),
    explanation: z.array(z.string()),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "shorturl:read",
  async run(clients, args) {
    const answer = await clients.links.simulateRedirect({
      shortCode: args.shortCode,
      userAgent: args.user_agent ?? "",
      acceptLanguage: args.accept_language ?? "",
      ip: args.ip ?? "",
      country: args.country ?? "",
      region: args.region ?? "",
      city: args.city ?? "",
      referrer: args.referrer ?? "",
      query: args.query ?? {},
      ...(args.at === undefined ? {} : { at: timestampFromMs(Date.parse(args.at)) }),
    });
    return {
      destination_url: answer.destinationUrl,
      status_code: answer.statusCode,
      matched: answer.matched,
      rule: answer.rule ? { id: answer.rule.id, name: answer.rule.name, index: answer.rule.index } : null,
      explanation: [...answer.explanation],
    };
  },
});
