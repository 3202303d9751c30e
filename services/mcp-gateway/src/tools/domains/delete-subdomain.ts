import { defineTool } from "../tool-definition";
import { subdomainRefParam, subdomainSchema, toSubdomainOutput, withHint } from "./domain-output";

export const deleteSubdomain = defineTool({
  name: "deleteSubdomain",
  title: "Release a subdomain",
  description:
    "Releases one of the account's subdomains: the label becomes free for anyone to reserve. Refused (INVALID_STATE) while links use it, so no link breaks: delete them or move them to another host with updateUrl first (link_count says how many). Confirm with the user before calling it.",
  input: { subdomain: subdomainRefParam },
  output: { deleted: subdomainSchema },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    const { subdomain } = await withHint(
      clients.domains.deleteSubdomain({ subdomain: args.subdomain }),
      "INVALID_STATE",
      "Links still use this subdomain: delete them (deleteUrl) or move them to another host (updateUrl), then call again",
    );
    return { deleted: toSubdomainOutput(subdomain) };
  },
});
