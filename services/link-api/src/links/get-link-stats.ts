import { count, eq, sql, sum } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { links } from "../db/schema";

export interface LinkStats {
  totalLinks: number;
  dynamicLinks: number;
  passwordProtectedLinks: number;
  expiringLinks: number;
  qrLinks: number;
  totalClicks: number;
}

/** Counts over the account's links in one aggregate query. */
export async function getLinkStats(db: LinkApiExecutor, accountId: string): Promise<LinkStats> {
  const [row] = await db
    .select({
      total: count(),
      dynamic: count(sql`case when ${links.dynamic} then 1 end`),
      protected: count(sql`case when ${links.passwordHash} <> '' then 1 end`),
      expiring: count(sql`case when ${links.expiresAt} is not null or ${links.maxClicks} > 0 then 1 end`),
      qr: count(sql`case when ${links.qr} then 1 end`),
      clicks: sum(links.clicks),
    })
    .from(links)
    .where(eq(links.accountId, accountId));
  return {
    totalLinks: row?.total ?? 0,
    dynamicLinks: row?.dynamic ?? 0,
    passwordProtectedLinks: row?.protected ?? 0,
    expiringLinks: row?.expiring ?? 0,
    qrLinks: row?.qr ?? 0,
    totalClicks: Number(row?.clicks ?? 0),
  };
}
