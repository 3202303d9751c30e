import type { ShortHosts } from "@kurz/routes";
import { z } from "zod";
import { type BrandedDomainRecord, type SubdomainRecord, verificationRecord } from "./domain-records";

/** Where the host sends stray visitors (docs/api/domains.md#domain-redirects); null: the default page. */
const hostRedirectViewFields = {
  rootRedirectUrl: z.string().nullable(),
  notFoundRedirectUrl: z.string().nullable(),
  expiredRedirectUrl: z.string().nullable(),
};

function hostRedirectViews(row: SubdomainRecord | BrandedDomainRecord) {
  return {
    rootRedirectUrl: row.rootRedirectUrl || null,
    notFoundRedirectUrl: row.notFoundRedirectUrl || null,
    expiredRedirectUrl: row.expiredRedirectUrl || null,
  };
}

export const subdomainViewSchema = z
  .object({
    id: z.string(),
    subdomain: z.string(),
    name: z.string(),
    host: z.string(),
    linkCount: z.number(),
    ...hostRedirectViewFields,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Subdomain" });

export const brandedDomainViewSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    name: z.string(),
    status: z.enum(["pending", "verified", "failed"]),
    verification: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
    lastCheckedAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    failureReason: z.string().nullable(),
    linkCount: z.number(),
    ...hostRedirectViewFields,
    appleAppSiteAssociation: z
      .string()
      .nullable()
      .describe("Served at /.well-known/apple-app-site-association once the domain is verified"),
    assetLinks: z
      .string()
      .nullable()
      .describe("Served at /.well-known/assetlinks.json once the domain is verified"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "BrandedDomain" });

export function toSubdomainView(
  row: SubdomainRecord,
  hosts: ShortHosts,
): z.output<typeof subdomainViewSchema> {
  return {
    id: row.id,
    subdomain: row.subdomain,
    name: row.name,
    host: hosts.subdomainHost(row.subdomain),
    linkCount: row.linkCount,
    ...hostRedirectViews(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBrandedDomainView(row: BrandedDomainRecord): z.output<typeof brandedDomainViewSchema> {
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    status: row.status,
    verification: verificationRecord(row),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    failureReason: row.failureReason || null,
    linkCount: row.linkCount,
    ...hostRedirectViews(row),
    appleAppSiteAssociation: row.appleAppSiteAssociation || null,
    assetLinks: row.assetLinks || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
