import { AppError } from "@kurz/errors";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

const MESSAGES: Record<string, string> = {
  subdomain_not_reserved:
    "This account has not reserved the subdomain: reserve it with createSubdomain (see checkSubdomainAvailability) first",
  invalid: "An alias is 3 to 50 letters, digits, - or _",
  reserved: "This alias is kept for the platform itself",
  taken: "A link on this subdomain uses the alias already",
  recently_deleted: "A link with this alias was deleted recently; the alias is held for a while",
};

export const checkSubdomainAvailabilityUrl = defineTool({
  name: "checkSubdomainAvailabilityUrl",
  title: "Check a link on a subdomain",
  description:
    "Says whether a link with a given custom alias can be created on one of the account's subdomains, i.e. at <label>.<shared host>/<alias>, and why not: the account has not reserved the subdomain, or the alias is invalid, reserved, taken on that subdomain or recently deleted. Use it before shortenUrl with urlType subdomain and customAlias. Unlike checkSubdomainAvailability (can a label still be reserved?) it asks about a link on a subdomain you have. It reserves nothing.",
  input: {
    subdomain: z
      .string()
      .trim()
      .min(1)
      .max(63)
      .describe('The label of one of your subdomains, e.g. "acme" (or its id)')
      .meta({ examples: ["acme"] }),
    alias: z.string().min(1).max(50).describe('The custom alias to check, e.g. "spring-sale"'),
  },
  output: {
    subdomain: z.string().describe("The label, lowercase"),
    host: z
      .string()
      .nullable()
      .describe("The host the link would answer on; null when the subdomain is not yours"),
    alias: z.string(),
    available: z.boolean().describe("true: shortenUrl with this subdomain and customAlias will succeed now"),
    reason: z
      .string()
      .nullable()
      .describe(
        'Why not: "subdomain_not_reserved", "invalid", "reserved", "taken" or "recently_deleted"; null when available',
      ),
    message: z.string().nullable().describe("The reason in words; null when available"),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  // It looks the subdomain up (its host) before checking the alias there.
  alsoNeeds: ["domain:read"],
  async run(clients, args) {
    let label: string;
    let host: string;
    try {
      const { subdomain } = await clients.domains.getSubdomain({ subdomain: args.subdomain });
      label = subdomain?.subdomain ?? args.subdomain.toLowerCase();
      host = subdomain?.host ?? "";
    } catch (error) {
      if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
      const reason = "subdomain_not_reserved";
      return {
        subdomain: args.subdomain.toLowerCase(),
        host: null,
        alias: args.alias,
        available: false,
        reason,
        message: MESSAGES[reason]!,
      };
    }
    const answer = await clients.links.checkAlias({ alias: args.alias, domain: host });
    const reason = answer.available || answer.reason === "" ? null : answer.reason;
    return {
      subdomain: label,
      host,
      alias: args.alias,
      available: answer.available,
      reason,
      message: reason === null ? null : (MESSAGES[reason] ?? "This alias cannot be used here"),
    };
  },
});
