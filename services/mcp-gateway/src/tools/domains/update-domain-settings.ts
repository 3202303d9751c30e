import { AppError } from "@kurz/errors";
import { z } from "zod";
import { defineTool } from "../tool-definition";
import {
  brandedDomainRefParam,
  brandedDomainSchema,
  subdomainRefParam,
  subdomainSchema,
  toBrandedDomainOutput,
  toSubdomainOutput,
} from "./domain-output";

const redirectParam = (what: string) =>
  z
    .string()
    .max(4096)
    .nullable()
    .optional()
    .describe(`http(s) URL ${what}; null or "" clears it (the default page again); absent: unchanged`);

const associationParam = (what: string) =>
  z
    .string()
    .max(128 * 1024)
    .nullable()
    .optional()
    .describe(`${what}, as a JSON string (served byte for byte); null or "" removes it; absent: unchanged`);

/** "" tells link-api to clear a setting; undefined leaves it. */
const cleared = (value: string | null | undefined) => (value === null ? "" : value);

export const updateDomainSettings = defineTool({
  name: "updateDomainSettings",
  title: "Set where a domain sends stray visitors, and its app association files",
  description:
    "Sets a branded domain's or a subdomain's host redirects: where its root (/) goes, where an unknown code goes, and where its expired links go when they have no expired URL of their own. A branded domain also serves the app association files iOS and Android fetch to open links in an app (apple_app_site_association: a JSON object; asset_links: a JSON list), validated as JSON. Name exactly one of domain (branded) or subdomain. Only the fields given change. They take effect on the domain once it is verified, within seconds.",
  input: {
    domain: brandedDomainRefParam.optional(),
    subdomain: subdomainRefParam.optional(),
    root_redirect_url: redirectParam("where the host's root (/) redirects"),
    not_found_redirect_url: redirectParam("where an unknown code on the host redirects"),
    expired_redirect_url: redirectParam("where expired links without their own expired URL redirect"),
    apple_app_site_association: associationParam(
      "The document served at /.well-known/apple-app-site-association (branded domains only)",
    ),
    asset_links: associationParam(
      "The document served at /.well-known/assetlinks.json (branded domains only)",
    ),
  },
  output: { branded_domain: brandedDomainSchema.nullable(), subdomain: subdomainSchema.nullable() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "domain:write",
  async run(clients, args) {
    if ((args.domain === undefined) === (args.subdomain === undefined)) {
      throw new AppError("VALIDATION_ERROR", {
        message: "name exactly one of domain (a branded domain) or subdomain",
        details: { field: args.domain === undefined ? "domain" : "subdomain" },
        hint: "getUserDomains lists the account's branded domains and subdomains",
      });
    }
    const redirects = {
      rootRedirectUrl: cleared(args.root_redirect_url),
      notFoundRedirectUrl: cleared(args.not_found_redirect_url),
      expiredRedirectUrl: cleared(args.expired_redirect_url),
    };
    if (args.subdomain !== undefined) {
      if (args.apple_app_site_association !== undefined || args.asset_links !== undefined) {
        throw new AppError("VALIDATION_ERROR", {
          message: "app association files are served by branded domains only",
          details: {
            field:
              args.apple_app_site_association !== undefined ? "apple_app_site_association" : "asset_links",
          },
          hint: "set them on a verified branded domain (domain), not on a subdomain",
        });
      }
      const { subdomain } = await clients.domains.updateSubdomain({
        subdomain: args.subdomain,
        ...redirects,
      });
      return { branded_domain: null, subdomain: toSubdomainOutput(subdomain) };
    }
    const { brandedDomain } = await clients.domains.updateBrandedDomain({
      domain: args.domain!,
      ...redirects,
      appleAppSiteAssociation: cleared(args.apple_app_site_association),
      assetLinks: cleared(args.asset_links),
    });
    return { branded_domain: toBrandedDomainOutput(brandedDomain), subdomain: null };
  },
});
