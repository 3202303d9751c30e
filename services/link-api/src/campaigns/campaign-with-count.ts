import { count, eq, inArray } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type CampaignRow, links } from "../db/schema";

export interface CampaignWithCount extends CampaignRow {
  linkCount: number;
}

/** Adds each campaign's current link count (one grouped query for the lot). */
export async function withLinkCounts(db: LinkApiExecutor, rows: CampaignRow[]): Promise<CampaignWithCount[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ campaignId: links.campaignId, n: count() })
    .from(links)
    .where(
      inArray(
        links.campaignId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(links.campaignId);
  const byId = new Map(counts.map((entry) => [entry.campaignId, entry.n]));
  return rows.map((row) => ({ ...row, linkCount: byId.get(row.id) ?? 0 }));
}

export async function withLinkCount(db: LinkApiExecutor, row: CampaignRow): Promise<CampaignWithCount> {
  const [result] = await db.select({ n: count() }).from(links).where(eq(links.campaignId, row.id));
  return { ...row, linkCount: result?.n ?? 0 };
}
