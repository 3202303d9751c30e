import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

export const getDomainSuggestions = defineTool({
  name: "getDomainSuggestions",
  title: "Suggest subdomain labels",
  description:
    'Suggests free subdomain labels derived from a word or brand name (e.g. "Acme Coffee" gives acme-coffee, acme-coffee-links, go-acme-coffee, ...), best first. Use it when the label the user wants is taken or to offer choices before createSubdomain. It reserves nothing: a label can still be taken before you reserve it.',
  input: {
    base: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe('A word or name to derive labels from, e.g. "Acme Coffee"'),
    limit: z.number().int().min(1).max(20).default(5).describe("How many suggestions at most (default 5)"),
  },
  output: {
    suggestions: z
      .array(z.string())
      .describe("Valid labels no account has reserved, in order of preference; may be fewer than limit"),
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients, args) {
    const answer = await clients.domains.suggestSubdomains({ base: args.base, limit: args.limit });
    return { suggestions: [...answer.suggestions] };
  },
});
