import { z } from "zod";
import { defineTool } from "../tool-definition";
import { brandedDomainSchema, domainNameParam, toBrandedDomainOutput } from "./domain-output";

export const createBrandedDomain = defineTool({
  name: "createBrandedDomain",
  title: "Add a branded domain",
  description:
    "Adds one of the user's own host names (e.g. links.acme.com) to the account as a branded domain in status pending, and returns the TXT record to publish for it (verification.name and verification.value). Links can use the domain only after verification: publish the record at the domain's DNS provider, then call verifyBrandedDomain. Counts against the plan's branded-domain limit. Visitors reach its links only once the host also resolves to Kurz (the user's own A/CNAME record); this tool does not change DNS. Check the host first with checkDomainAvailability.",
  input: {
    domain: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .describe('A host name the user controls, without scheme, port or path, e.g. "links.acme.com"')
      .meta({ examples: ["links.acme.com"] }),
    name: domainNameParam.optional(),
  },
  output: { branded_domain: brandedDomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { brandedDomain } = await clients.domains.createBrandedDomain({
      domain: args.domain,
      name: args.name ?? "",
    });
    return { branded_domain: toBrandedDomainOutput(brandedDomain) };
  },
});
