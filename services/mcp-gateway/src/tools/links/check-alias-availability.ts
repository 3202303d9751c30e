import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

export const checkAliasAvailability = defineTool({
  name: "checkAliasAvailability",
  title: "Check a custom alias",
  description:
    "Says whether a custom alias (the short code you choose) can still be used, and why not when it cannot (taken, reserved word, invalid characters). Use it before shortenUrl with customAlias; it reserves nothing.",
  input: {
    alias: z.string().min(1).max(50).describe('The alias to check, e.g. "spring-sale"'),
    domain: z
      .string()
      .max(253)
      .optional()
      .describe("A branded domain or subdomain host; default the standard host")
      .meta({ examples: ["links.acme.com"] }),
  },
  output: { alias: z.string(), available: z.boolean(), reason: z.string().nullable() },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const answer = await clients.links.checkAlias({ alias: args.alias, domain: args.domain ?? "" });
    return {
      alias: args.alias,
      available: answer.available,
      reason: answer.reason === "" ? null : answer.reason,
    };
  },
});
