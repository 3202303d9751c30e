import { z } from "zod";
import { defineTool } from "../tool-definition";
import { brandedDomainRefParam, brandedDomainSchema, toBrandedDomainOutput } from "./domain-output";

export const verifyBrandedDomain = defineTool({
  name: "verifyBrandedDomain",
  title: "Verify a branded domain",
  description:
    "Checks the branded domain's DNS ownership now: looks up its TXT record (see getTxtVerificationInfo) and records the outcome on the domain, returning the updated domain. verified: status becomes verified and new links may use it; otherwise status becomes failed with failure_reason (not an error: publish or fix the record, wait for DNS, call again). A failed re-check of a verified domain stops new links on it; existing ones keep working. Use verifyTxtRecord instead to troubleshoot the record itself.",
  input: { domain: brandedDomainRefParam },
  output: {
    verified: z.boolean().describe("true: the record was found and the domain can carry links"),
    branded_domain: brandedDomainSchema,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scope: "domain:write",
  async run(clients, args) {
    const answer = await clients.domains.verifyBrandedDomain({ domain: args.domain });
    return { verified: answer.verified, branded_domain: toBrandedDomainOutput(answer.brandedDomain) };
  },
});
