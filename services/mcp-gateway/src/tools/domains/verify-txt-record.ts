import { z } from "zod";
import { defineTool } from "../tool-definition";
import { brandedDomainRefParam, brandedStatusSchema, iso, statusOf, txtRecordSchema } from "./domain-output";

export const verifyTxtRecord = defineTool({
  name: "verifyTxtRecord",
  title: "Check a domain's TXT record",
  description:
    "Looks up a branded domain's TXT verification record now, for troubleshooting DNS: returns the record expected (name and exact value) next to what the lookup found (found or not, and what was wrong), plus the next step. Like verifyBrandedDomain it records the outcome on the domain (verified, or failed with the reason); use verifyBrandedDomain when you need the whole domain back, this one when the user is setting up or fixing the record.",
  input: { domain: brandedDomainRefParam },
  output: {
    domain: z.string().describe("The branded domain's host name"),
    verified: z.boolean().describe("true: a TXT record with exactly the expected value was found"),
    expected: txtRecordSchema,
    found: z
      .string()
      .nullable()
      .describe(
        'What the lookup found instead of the expected record: no TXT record at that name ("No TXT record at ..."), records without the expected value ("The TXT record at ... does not contain ...") or a failed lookup; null when verified',
      ),
    status: brandedStatusSchema,
    checked_at: z.string().nullable().describe("When this lookup ran"),
    next_step: z.string().describe("What to do now, in words"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scope: "domain:write",
  async run(clients, args) {
    const { brandedDomain, verified } = await clients.domains.verifyBrandedDomain({ domain: args.domain });
    if (!brandedDomain) throw new Error("link-api answered without a branded domain");
    const expected = {
      type: "TXT" as const,
      name: brandedDomain.verificationRecordName,
      value: brandedDomain.verificationRecordValue,
    };
    return {
      domain: brandedDomain.domain,
      verified,
      expected,
      found: verified ? null : brandedDomain.failureReason || "The expected record was not found",
      status: statusOf(brandedDomain.status),
      checked_at: iso(brandedDomain.lastCheckedAt),
      next_step: verified
        ? `Links can use the domain now: shortenUrl with urlType "branded" and branded_domain "${brandedDomain.domain}".`
        : `Publish a TXT record named ${expected.name} whose value is exactly ${expected.value} (check it for typos), wait for DNS to propagate, then call this tool again.`,
    };
  },
});
