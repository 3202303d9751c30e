import { count, eq, inArray } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type BrandedDomainRow, links, type SubdomainRow } from "../db/schema";

export interface SubdomainRecord extends SubdomainRow {
  linkCount: number;
}

export interface BrandedDomainRecord extends BrandedDomainRow {
  linkCount: number;
}

/** Where a branded domain's TXT record lives, and what it must say. */
export const VERIFICATION_RECORD_PREFIX = "_kurz-verify";

export function verificationRecord(row: Pick<BrandedDomainRow, "domain" | "verificationToken">) {
  return {
    type: "TXT" as const,
    name: `${VERIFICATION_RECORD_PREFIX}.${row.domain}`,
    value: `kurz-verify=${row.verificationToken}`,
  };
}

export async function withSubdomainLinkCounts(
  db: LinkApiExecutor,
  rows: SubdomainRow[],
): Promise<SubdomainRecord[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ id: links.subdomainId, n: count() })
    .from(links)
    .where(
      inArray(
        links.subdomainId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(links.subdomainId);
  const byId = new Map(counts.map((entry) => [entry.id, entry.n]));
  return rows.map((row) => ({ ...row, linkCount: byId.get(row.id) ?? 0 }));
}

export async function withBrandedLinkCounts(
  db: LinkApiExecutor,
  rows: BrandedDomainRow[],
): Promise<BrandedDomainRecord[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ id: links.brandedDomainId, n: count() })
    .from(links)
    .where(
      inArray(
        links.brandedDomainId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(links.brandedDomainId);
  const byId = new Map(counts.map((entry) => [entry.id, entry.n]));
  return rows.map((row) => ({ ...row, linkCount: byId.get(row.id) ?? 0 }));
}

export async function subdomainLinkCount(db: LinkApiExecutor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(eq(links.subdomainId, id));
  return row?.n ?? 0;
}

export async function brandedLinkCount(db: LinkApiExecutor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(eq(links.brandedDomainId, id));
  return row?.n ?? 0;
}
