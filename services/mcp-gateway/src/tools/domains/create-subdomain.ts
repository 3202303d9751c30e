import { z } from "zod";
import { defineTool } from "../tool-definition";
import { domainNameParam, subdomainSchema, toSubdomainOutput, withHint } from "./domain-output";

export const createSubdomain = defineTool({
  name: "createSubdomain",
  title: "Reserve a subdomain",
  description:
    "Reserves a subdomain label for the account on the shared host (<label>.<shared host>); links can use it at once (shortenUrl with urlType subdomain and subdomain <label>). Labels are unique across all accounts and count against the plan's subdomain limit. Check the label first with checkSubdomainAvailability, or ask getDomainSuggestions for free ones.",
  input: {
    subdomain: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,63}$/, "3 to 63 letters, digits or hyphens")
      .describe(
        'The label to reserve: 3 to 63 letters, digits or single hyphens, not starting or ending with a hyphen, stored lowercase, e.g. "acme"',
      )
      .meta({ examples: ["acme"] }),
    name: domainNameParam.optional(),
  },
  output: { subdomain: subdomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { subdomain } = await withHint(
      clients.domains.createSubdomain({ subdomain: args.subdomain, name: args.name ?? "" }),
      "CONFLICT",
      "The label is taken: call getDomainSuggestions for free labels, or getUserDomains if you reserved it already",
    );
    return { subdomain: toSubdomainOutput(subdomain) };
  },
});
