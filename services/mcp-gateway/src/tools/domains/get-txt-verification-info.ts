import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { brandedDomainRefParam, brandedStatusSchema, statusOf, txtRecordSchema } from "./domain-output";

export const getTxtVerificationInfo = defineTool({
  name: "getTxtVerificationInfo",
  title: "Get a domain's TXT record",
  description:
    "Returns the DNS TXT record that proves ownership of one of the account's branded domains (where to publish it and its exact value), its current verification status and step-by-step instructions for the user. Use it to tell the user what to set at their DNS provider. It changes nothing and does not look at DNS (verifyBrandedDomain does).",
  input: { domain: brandedDomainRefParam },
  output: {
    record: txtRecordSchema,
    status: brandedStatusSchema,
    instructions: z.string().describe("What the user has to do, in words"),
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients, args) {
    const answer = await clients.domains.getTxtVerificationInfo({ domain: args.domain });
    const status = statusOf(answer.status);
    const record = { type: "TXT" as const, name: answer.recordName, value: answer.recordValue };
    return {
      record,
      status,
      instructions:
        status === "verified"
          ? `The domain is verified. Keep the TXT record at ${record.name} in place: a later check without it marks the domain failed.`
          : `At the domain's DNS provider, add a TXT record named ${record.name} (providers that append the zone want only the part before it) with the value ${record.value}. Once it has propagated (minutes, sometimes hours), call verifyBrandedDomain.`,
    };
  },
});
