import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { subdomainRefParam, subdomainSchema, toSubdomainOutput, withHint } from "./domain-output";

export const verifySubdomain = defineTool({
  name: "verifySubdomain",
  title: "Confirm a subdomain is yours",
  description:
    "Confirms that a subdomain is reserved by this account, so links can be created on it (shortenUrl or updateUrl with urlType subdomain), and returns its host. Fails with NOT_FOUND when the account has not reserved it (another account's counts as not found). Subdomains need no DNS verification, unlike branded domains. It changes nothing.",
  input: { subdomain: subdomainRefParam },
  output: {
    host: z.string().describe("The host its links answer on: <label>.<shared host>, no port"),
    subdomain: subdomainSchema,
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients, args) {
    const { subdomain } = await withHint(
      clients.domains.getSubdomain({ subdomain: args.subdomain }),
      "NOT_FOUND",
      "This account has not reserved that subdomain: check it with checkSubdomainAvailability and reserve it with createSubdomain, or list yours with getUserDomains",
    );
    const output = toSubdomainOutput(subdomain);
    return { host: output.host, subdomain: output };
  },
});
