import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { campaigns } from "../db/schema";
import { containsPattern, type Page } from "../links/list-links";
import type { ListCampaignsQuery } from "./campaign-input-schemas";
import { type CampaignWithCount, withLinkCounts } from "./campaign-with-count";

/** The account's campaigns, newest first, with link counts. */
export async function listCampaigns(
  db: LinkApiExecutor,
  accountId: string,
  query: ListCampaignsQuery,
): Promise<Page<CampaignWithCount>> {
  const conditions: SQL[] = [eq(campaigns.accountId, accountId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(campaigns.name, pattern), ilike(campaigns.description, pattern))!);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return {
    items: await withLinkCounts(db, rows),
    page: query.page,
    limit: query.limit,
    total: totals[0]?.n ?? 0,
  };
}
