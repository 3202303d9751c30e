import { AppError } from "@kurz/errors";
import type { ShortHosts } from "@kurz/routes";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains, subdomains } from "../db/schema";
import { normalizeHostName } from "../domains/normalize-host-name";
import { checkSubdomainLabel } from "../domains/normalize-subdomain-label";

export type UrlType = "standard" | "branded" | "subdomain";

export interface LinkTarget {
  urlType: UrlType;
  host: string;
  brandedDomainId: string | null;
  subdomainId: string | null;
}

export interface TargetRequest {
  urlType?: UrlType | undefined;
  branded_domain?: string | undefined;
  subdomain?: string | undefined;
}

/**
 * Which host a link answers on. Without urlType the type follows from branded_domain or
 * subdomain when one is given. A branded domain must be the account's and verified; a subdomain
 * must be reserved by the account. Another account's domain is "not found", never "not yours".
 */
export async function resolveLinkTarget(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  accountId: string,
  request: TargetRequest,
): Promise<LinkTarget> {
  const branded = request.branded_domain?.trim() || undefined;
  const subdomain = request.subdomain?.trim() || undefined;
  if (branded && subdomain) {
    throw new AppError("VALIDATION_ERROR", {
      message: "Give branded_domain or subdomain, not both",
      details: { field: "branded_domain" },
    });
  }
  const urlType: UrlType = request.urlType ?? (branded ? "branded" : subdomain ? "subdomain" : "standard");

  if (urlType === "standard") {
    if (branded || subdomain) {
      throw new AppError("VALIDATION_ERROR", {
        message: "A standard link takes neither branded_domain nor subdomain",
        details: { field: branded ? "branded_domain" : "subdomain" },
      });
    }
    return { urlType, host: hosts.standardHost, brandedDomainId: null, subdomainId: null };
  }

  if (urlType === "branded") {
    if (!branded) {
      throw new AppError("VALIDATION_ERROR", {
        message: "urlType branded needs branded_domain",
        details: { field: "branded_domain" },
      });
    }
    const checked = normalizeHostName(branded);
    if (!checked.ok) {
      throw new AppError("VALIDATION_ERROR", {
        message: checked.message,
        details: { field: "branded_domain" },
      });
    }
    const [row] = await db
      .select({ id: brandedDomains.id, status: brandedDomains.status })
      .from(brandedDomains)
      .where(and(eq(brandedDomains.accountId, accountId), eq(brandedDomains.domain, checked.host)));
    if (!row) {
      throw new AppError("NOT_FOUND", {
        message: "Branded domain not found",
        details: { field: "branded_domain" },
      });
    }
    if (row.status !== "verified") {
      throw new AppError("INVALID_STATE", {
        message: "Branded domain is not verified yet",
        details: { field: "branded_domain", status: row.status },
        hint: "Publish the TXT record and verify the domain first",
      });
    }
    return { urlType, host: checked.host, brandedDomainId: row.id, subdomainId: null };
  }

  if (!subdomain) {
    throw new AppError("VALIDATION_ERROR", {
      message: "urlType subdomain needs subdomain",
      details: { field: "subdomain" },
    });
  }
  const label = checkSubdomainLabel(subdomain);
  if (!label.ok) {
    throw new AppError("VALIDATION_ERROR", { message: label.message, details: { field: "subdomain" } });
  }
  const [row] = await db
    .select({ id: subdomains.id })
    .from(subdomains)
    .where(and(eq(subdomains.accountId, accountId), eq(subdomains.subdomain, label.label)));
  if (!row) {
    throw new AppError("NOT_FOUND", {
      message: "Subdomain not found: reserve it first",
      details: { field: "subdomain" },
    });
  }
  return { urlType, host: hosts.subdomainHost(label.label), brandedDomainId: null, subdomainId: row.id };
}
