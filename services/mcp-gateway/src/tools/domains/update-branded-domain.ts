import { defineTool } from "../tool-definition";
import {
  brandedDomainRefParam,
  brandedDomainSchema,
  domainNameParam,
  toBrandedDomainOutput,
} from "./domain-output";

export const updateBrandedDomain = defineTool({
  name: "updateBrandedDomain",
  title: "Rename a branded domain",
  description:
    'Changes a branded domain\'s display name ("" clears it). The host name cannot change: a different host is a different domain (add it with createBrandedDomain). Its verification status and links are not affected.',
  input: { domain: brandedDomainRefParam, name: domainNameParam },
  output: { branded_domain: brandedDomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { brandedDomain } = await clients.domains.updateBrandedDomain({
      domain: args.domain,
      name: args.name,
    });
    return { branded_domain: toBrandedDomainOutput(brandedDomain) };
  },
});
