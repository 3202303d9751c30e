import { defineTool } from "../tool-definition";
import { brandedDomainRefParam, brandedDomainSchema, toBrandedDomainOutput, withHint } from "./domain-output";

export const deleteBrandedDomain = defineTool({
  name: "deleteBrandedDomain",
  title: "Remove a branded domain",
  description:
    "Removes a branded domain from the account, with its verification: adding it again gives a new TXT record to publish. Refused (INVALID_STATE) while links use it, so no link breaks: delete them or move them with updateUrl first (link_count says how many). The user's DNS records are not touched. Confirm with the user before calling it.",
  input: { domain: brandedDomainRefParam },
  output: { deleted: brandedDomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { brandedDomain } = await withHint(
      clients.domains.deleteBrandedDomain({ domain: args.domain }),
      "INVALID_STATE",
      "Links still use this domain: delete them (deleteUrl) or move them to another host (updateUrl), then call again",
    );
    return { deleted: toBrandedDomainOutput(brandedDomain) };
  },
});
