import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  brandedDomainSchema,
  subdomainSchema,
  toBrandedDomainOutput,
  toSubdomainOutput,
} from "./domain-output";

export const getUserDomains = defineTool({
  name: "getUserDomains",
  title: "List your domains",
  description:
    "Lists the account's reserved subdomains and branded domains (with each branded domain's verification status and TXT record) and the shared host subdomains live on. Use it to find which hosts links can be created on, or a domain's label or id for the other domain tools. It changes nothing.",
  input: {},
  output: {
    subdomain_host: z
      .string()
      .describe(
        'The shared host subdomains live on, e.g. "kurz.example": a subdomain answers at <label>.<this>',
      ),
    subdomains: z.array(subdomainSchema).describe("Reserved subdomains, by label"),
    branded_domains: z
      .array(brandedDomainSchema)
      .describe("Branded domains, by host name; only verified ones can carry new links"),
  },
  annotations: READ_ONLY,
  scope: "domain:read",
  async run(clients) {
    const answer = await clients.domains.listDomains({});
    return {
      subdomain_host: answer.subdomainHost,
      subdomains: answer.subdomains.map(toSubdomainOutput),
      branded_domains: answer.brandedDomains.map(toBrandedDomainOutput),
    };
  },
});
