import { z } from "zod";
import { hostNameField, optionalUrlField, subdomainLabelField } from "../links/link-fields";
import { appleAppSiteAssociationField, assetLinksField } from "./association-file-fields";

const domainNameField = z.string().trim().max(100, "name must be at most 100 characters");

/** A host-level redirect (docs/api/domains.md#domain-redirects): a URL, or null / "" for none. */
const hostRedirectField = optionalUrlField.nullable().optional();

export const createSubdomainInputSchema = z.strictObject({
  subdomain: subdomainLabelField,
  name: domainNameField.optional(),
});

/** PATCH of a subdomain: the display name and where the host sends its stray visitors. */
export const updateDomainInputSchema = z.strictObject({
  name: domainNameField.optional(),
  root_redirect_url: hostRedirectField.describe(
    "Where the host's root (/) redirects; null or empty: the default page",
  ),
  not_found_redirect_url: hostRedirectField.describe(
    "Where an unknown code on the host redirects; null or empty: the not-found page",
  ),
  expired_redirect_url: hostRedirectField.describe(
    "Where the host's expired links redirect when they have no expired_url of their own; null or empty: the expired page",
  ),
});

/** PATCH of a branded domain: the subdomain's fields and the app association files. */
export const updateBrandedDomainInputSchema = updateDomainInputSchema.extend({
  apple_app_site_association: appleAppSiteAssociationField.nullable().optional(),
  asset_links: assetLinksField.nullable().optional(),
});

export const createBrandedDomainInputSchema = z.strictObject({
  domain: hostNameField,
  name: domainNameField.optional(),
});

export type CreateSubdomainInput = z.output<typeof createSubdomainInputSchema>;
export type UpdateDomainInput = z.output<typeof updateDomainInputSchema>;
export type UpdateBrandedDomainInput = z.output<typeof updateBrandedDomainInputSchema>;
export type CreateBrandedDomainInput = z.output<typeof createBrandedDomainInputSchema>;
