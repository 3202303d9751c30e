import { defineTool } from "../tool-definition";
import { domainNameParam, subdomainRefParam, subdomainSchema, toSubdomainOutput } from "./domain-output";

export const updateSubdomain = defineTool({
  name: "updateSubdomain",
  title: "Rename a subdomain",
  description:
    "Changes a reserved subdomain's display name (\"\" clears it). The label itself cannot change, since it is the host of the subdomain's links: reserve another with createSubdomain instead. Its links are not affected.",
  input: { subdomain: subdomainRefParam, name: domainNameParam },
  output: { subdomain: subdomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { subdomain } = await clients.domains.updateSubdomain({
      subdomain: args.subdomain,
      name: args.name,
    });
    return { subdomain: toSubdomainOutput(subdomain) };
  },
});
