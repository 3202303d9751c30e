import { asc, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains, subdomains } from "../db/schema";
import {
  type BrandedDomainRecord,
  type SubdomainRecord,
  withBrandedLinkCounts,
  withSubdomainLinkCounts,
} from "./domain-records";

/** All of the account's domains (per-plan maximums keep these lists short: no paging). */
export async function listDomains(
  db: LinkApiExecutor,
  accountId: string,
): Promise<{ subdomains: SubdomainRecord[]; brandedDomains: BrandedDomainRecord[] }> {
  const [subs, branded] = await Promise.all([
    db
      .select()
      .from(subdomains)
      .where(eq(subdomains.accountId, accountId))
      .orderBy(asc(subdomains.subdomain)),
    db
      .select()
      .from(brandedDomains)
      .where(eq(brandedDomains.accountId, accountId))
      .orderBy(asc(brandedDomains.domain)),
  ]);
  return {
    subdomains: await withSubdomainLinkCounts(db, subs),
    brandedDomains: await withBrandedLinkCounts(db, branded),
  };
}
