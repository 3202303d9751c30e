import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

const MESSAGES: Record<string, string> = {
  invalid:
    "Give a bare host name with at least two labels, e.g. links.acme.com (no scheme, port, path or IP address)",
  reserved: "This host belongs to the platform itself",
  taken: "Another account has verified this domain",
  added: "This account added the domain already (see getUserDomains)",
};

export const checkDomainAvailability = defineTool({
  name: "checkDomainAvailability",
  title: "Check a branded domain",
  description:
    "Says whether a host name can be added as a branded domain (createBrandedDomain), and why not: invalid, reserved (one of the platform's own hosts), taken (verified by another account) or added (already on this account). Use it before createBrandedDomain; it adds nothing and does not look at DNS.",
  input: {
    domain: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .describe('The host name to check, e.g. "links.acme.com"')
      .meta({ examples: ["links.acme.com"] }),
  },
  output: {
    domain: z.string().describe("The host name as it would be stored (lowercase, IDN in punycode)"),
    available: z.boolean(),
    reason: z
      .string()
      .nullable()
      .describe('Why not: "invalid", "reserved", "taken" or "added"; null when available'),
    message: z.string().nullable().describe("The reason in words; null when available"),
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients, args) {
    const answer = await clients.domains.checkDomainAvailability({ domain: args.domain });
    const reason = answer.available || answer.reason === "" ? null : answer.reason;
    return {
      domain: answer.domain,
      available: answer.available,
      reason,
      message: reason === null ? null : (MESSAGES[reason] ?? "This domain cannot be added"),
    };
  },
});
