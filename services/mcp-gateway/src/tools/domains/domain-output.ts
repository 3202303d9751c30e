import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import { AppError, type ErrorCode } from "@kurz/errors";
import { domainsV1 } from "@kurz/proto";
import { z } from "zod";

/** The `subdomain` naming one of the account's subdomains (update, delete, verify). */
export const subdomainRefParam = z
  .string()
  .trim()
  .min(1)
  .max(63)
  .describe('The subdomain\'s label, e.g. "acme" for acme.<shared host>, or its id (UUID)')
  .meta({ examples: ["acme"] });

/** The `domain` naming one of the account's branded domains. */
export const brandedDomainRefParam = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .describe('The branded domain\'s host name, e.g. "links.acme.com", or its id (UUID)')
  .meta({ examples: ["links.acme.com"] });

/** A subdomain's or branded domain's display name. */
export const domainNameParam = z
  .string()
  .trim()
  .max(100)
  .describe('A display name for lists, e.g. "Acme marketing" (at most 100 characters)')
  .meta({ examples: ["Acme marketing"] });

/** A timestamp as an ISO 8601 string; null when absent. */
export const iso = (t: Timestamp | undefined): string | null => (t ? timestampDate(t).toISOString() : null);

/** A timestamp the server always sets (created, updated). */
function isoRequired(t: Timestamp | undefined, field: string): string {
  const value = iso(t);
  if (value === null) throw new Error(`link-api answered without ${field}`);
  return value;
}

/** Where a host sends stray visitors (docs/api/domains.md#domain-redirects). */
const hostRedirectsSchema = {
  root_redirect_url: z
    .string()
    .nullable()
    .describe("Where the host's root (/) redirects; null: the default page"),
  not_found_redirect_url: z
    .string()
    .nullable()
    .describe("Where an unknown code on the host redirects; null: the not-found page"),
  expired_redirect_url: z
    .string()
    .nullable()
    .describe(
      "Where the host's expired links without their own expired URL redirect; null: the expired page",
    ),
};

function hostRedirectsOf(host: {
  rootRedirectUrl: string;
  notFoundRedirectUrl: string;
  expiredRedirectUrl: string;
}) {
  return {
    root_redirect_url: host.rootRedirectUrl || null,
    not_found_redirect_url: host.notFoundRedirectUrl || null,
    expired_redirect_url: host.expiredRedirectUrl || null,
  };
}

/** A reserved subdomain as the tools return it (the REST API's Subdomain fields). */
export const subdomainSchema = z.object({
  id: z.string().describe("Its id (UUID); the tools also take the label"),
  subdomain: z.string().describe("The label, lowercase: what shortenUrl takes as subdomain"),
  name: z.string().describe('Display name ("" when none)'),
  host: z
    .string()
    .describe("<subdomain>.<shared host>: the host its links (urlType subdomain) answer on, no port"),
  link_count: z.number().int().describe("Links on this host now; a subdomain with links cannot be deleted"),
  ...hostRedirectsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export type SubdomainOutput = z.output<typeof subdomainSchema>;

export function toSubdomainOutput(subdomain: domainsV1.Subdomain | undefined): SubdomainOutput {
  if (!subdomain) throw new Error("link-api answered without a subdomain");
  return {
    id: subdomain.id,
    subdomain: subdomain.subdomain,
    name: subdomain.name,
    host: subdomain.host,
    link_count: Number(subdomain.linkCount),
    ...hostRedirectsOf(subdomain),
    created_at: isoRequired(subdomain.createdAt, "created_at"),
    updated_at: isoRequired(subdomain.updatedAt, "updated_at"),
  };
}

const STATUSES: Record<number, "pending" | "verified" | "failed"> = {
  [domainsV1.BrandedDomainStatus.UNSPECIFIED]: "pending",
  [domainsV1.BrandedDomainStatus.PENDING]: "pending",
  [domainsV1.BrandedDomainStatus.VERIFIED]: "verified",
  [domainsV1.BrandedDomainStatus.FAILED]: "failed",
};

/** A branded domain's verification state as a lowercase word. */
export const brandedStatusSchema = z
  .enum(["pending", "verified", "failed"])
  .describe(
    "pending: added, the TXT record was not checked yet; verified: the record was found, links may use the domain; failed: the last check did not find it (see failure_reason), links cannot be created on it until a check succeeds",
  );

export function statusOf(status: domainsV1.BrandedDomainStatus): z.output<typeof brandedStatusSchema> {
  return STATUSES[status] ?? "pending";
}

/** The DNS record that proves ownership of a branded domain. */
export const txtRecordSchema = z
  .object({
    type: z.literal("TXT"),
    name: z
      .string()
      .describe('Where to publish it: the full record name, e.g. "_kurz-verify.links.acme.com"'),
    value: z.string().describe("What the record must contain, exactly"),
  })
  .describe("The TXT record to publish at the domain's DNS provider");

/** A branded domain as the tools return it (the REST API's BrandedDomain fields). */
export const brandedDomainSchema = z.object({
  id: z.string().describe("Its id (UUID); the tools also take the host name"),
  domain: z
    .string()
    .describe("The host name, lowercase (IDN in punycode): what shortenUrl takes as branded_domain"),
  name: z.string().describe('Display name ("" when none)'),
  status: brandedStatusSchema,
  verification: txtRecordSchema,
  last_checked_at: z.string().nullable().describe("When the TXT record was last looked up; null: never"),
  verified_at: z.string().nullable().describe("When the domain was verified; null while not verified"),
  failure_reason: z.string().nullable().describe("Why the last check failed; null unless status is failed"),
  link_count: z.number().int().describe("Links on this domain now; a domain with links cannot be deleted"),
  ...hostRedirectsSchema,
  apple_app_site_association: z
    .string()
    .nullable()
    .describe("The JSON served at /.well-known/apple-app-site-association once verified; null: none"),
  asset_links: z
    .string()
    .nullable()
    .describe("The JSON served at /.well-known/assetlinks.json once verified; null: none"),
  created_at: z.string(),
  updated_at: z.string(),
});

export type BrandedDomainOutput = z.output<typeof brandedDomainSchema>;

export function toBrandedDomainOutput(domain: domainsV1.BrandedDomain | undefined): BrandedDomainOutput {
  if (!domain) throw new Error("link-api answered without a branded domain");
  return {
    id: domain.id,
    domain: domain.domain,
    name: domain.name,
    status: statusOf(domain.status),
    verification: { type: "TXT", name: domain.verificationRecordName, value: domain.verificationRecordValue },
    last_checked_at: iso(domain.lastCheckedAt),
    verified_at: iso(domain.verifiedAt),
    failure_reason: domain.failureReason === "" ? null : domain.failureReason,
    link_count: Number(domain.linkCount),
    ...hostRedirectsOf(domain),
    apple_app_site_association: domain.appleAppSiteAssociation || null,
    asset_links: domain.assetLinks || null,
    created_at: isoRequired(domain.createdAt, "created_at"),
    updated_at: isoRequired(domain.updatedAt, "updated_at"),
  };
}

/**
 * Runs a call; an AppError with `code` is thrown again with `hint` (what the agent should do
 * next), its message and details kept. Other errors pass unchanged.
 */
export async function withHint<T>(call: Promise<T>, code: ErrorCode, hint: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError && error.code === code) {
      throw new AppError(code, {
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        hint,
        cause: error,
      });
    }
    throw error;
  }
}
