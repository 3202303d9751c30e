import type { ShortHosts } from "@kurz/routes";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains, subdomains } from "../db/schema";
import { normalizeRequestHost } from "../links/normalize-request-host";

/** What the redirect edge serves on a host besides its links (docs/api/domains.md#domain-redirects). */
export interface HostSettingsRecord {
  rootRedirectUrl: string;
  notFoundRedirectUrl: string;
  expiredRedirectUrl: string;
  appleAppSiteAssociation: string;
  assetLinks: string;
}

/**
 * The settings of a reserved subdomain's host or of a verified branded domain; undefined for any
 * other host (an unverified domain serves nothing: whoever added it has not proven it is theirs).
 * Not account-scoped: the edge asks for anonymous visitors.
 */
export async function resolveHostSettings(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  host: string,
): Promise<HostSettingsRecord | undefined> {
  const normalized = normalizeRequestHost(host);
  if (normalized === "" || normalized.length > 253) return undefined;
  const label = hosts.subdomainOf(normalized);
  if (label !== undefined) {
    const [row] = await db
      .select({
        rootRedirectUrl: subdomains.rootRedirectUrl,
        notFoundRedirectUrl: subdomains.notFoundRedirectUrl,
        expiredRedirectUrl: subdomains.expiredRedirectUrl,
      })
      .from(subdomains)
      .where(eq(subdomains.subdomain, label))
      .limit(1);
    return row ? { ...row, appleAppSiteAssociation: "", assetLinks: "" } : undefined;
  }
  const [row] = await db
    .select({
      rootRedirectUrl: brandedDomains.rootRedirectUrl,
      notFoundRedirectUrl: brandedDomains.notFoundRedirectUrl,
      expiredRedirectUrl: brandedDomains.expiredRedirectUrl,
      appleAppSiteAssociation: brandedDomains.appleAppSiteAssociation,
      assetLinks: brandedDomains.assetLinks,
    })
    .from(brandedDomains)
    .where(and(eq(brandedDomains.domain, normalized), eq(brandedDomains.status, "verified")))
    .limit(1);
  return row;
}
