import type { ShortHosts } from "@kurz/routes";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains } from "../db/schema";
import { normalizeHostName } from "./normalize-host-name";

export interface DomainAvailability {
  domain: string;
  available: boolean;
  reason?: "invalid" | "reserved" | "taken" | "added";
  message?: string;
}

/**
 * Whether the account may add a host: valid, not one of the platform's own hosts, not verified
 * by another account, not already on this account.
 */
export async function checkDomainAvailability(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  accountId: string,
  input: string,
): Promise<DomainAvailability> {
  const checked = normalizeHostName(input);
  if (!checked.ok)
    return {
      domain: input.trim().toLowerCase(),
      available: false,
      reason: "invalid",
      message: checked.message,
    };
  const domain = checked.host;
  if (hosts.isPlatformHost(domain)) {
    return { domain, available: false, reason: "reserved", message: "This host belongs to the platform" };
  }
  const [own] = await db
    .select({ id: brandedDomains.id })
    .from(brandedDomains)
    .where(and(eq(brandedDomains.accountId, accountId), eq(brandedDomains.domain, domain)));
  if (own) return { domain, available: false, reason: "added", message: "You already added this domain" };
  const [verified] = await db
    .select({ id: brandedDomains.id })
    .from(brandedDomains)
    .where(and(eq(brandedDomains.domain, domain), eq(brandedDomains.status, "verified")));
  if (verified)
    return { domain, available: false, reason: "taken", message: "Another account verified this domain" };
  return { domain, available: true };
}
