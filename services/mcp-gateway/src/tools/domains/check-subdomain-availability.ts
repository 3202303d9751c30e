import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

const MESSAGES: Record<string, string> = {
  invalid: "A label is 3 to 63 letters, digits or single hyphens, not starting or ending with a hyphen",
  reserved: "This label is kept for the platform itself",
  taken: "This label is reserved already (labels are unique across all accounts)",
};

export const checkSubdomainAvailability = defineTool({
  name: "checkSubdomainAvailability",
  title: "Check a subdomain label",
  description:
    "Says whether a subdomain label can still be reserved (createSubdomain), and why not: invalid, reserved (kept for the platform) or taken (by any account, yours included). Use it before createSubdomain; it reserves nothing. To ask whether a link can be created on a subdomain you already have, use checkSubdomainAvailabilityUrl.",
  input: {
    subdomain: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe('The label to check, e.g. "acme" (checked as lowercase)')
      .meta({ examples: ["acme"] }),
  },
  output: {
    subdomain: z.string().describe("The label as it would be stored (lowercase)"),
    available: z.boolean(),
    reason: z.string().nullable().describe('Why not: "invalid", "reserved" or "taken"; null when available'),
    message: z.string().nullable().describe("The reason in words; null when available"),
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients, args) {
    const answer = await clients.domains.checkSubdomainAvailability({ subdomain: args.subdomain });
    const reason = answer.available || answer.reason === "" ? null : answer.reason;
    return {
      subdomain: answer.subdomain,
      available: answer.available,
      reason,
      message: reason === null ? null : (MESSAGES[reason] ?? "This label cannot be reserved"),
    };
  },
});
