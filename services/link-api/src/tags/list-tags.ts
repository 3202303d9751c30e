import { count, desc, eq, sql } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { campaigns, links } from "../db/schema";

export interface TagUsage {
  name: string;
  /** The account's short links carrying the tag. */
  urls: number;
  /** The account's campaigns carrying the tag. */
  campaigns: number;
}

/** At most this many tags are listed (the most used first). */
export const MAX_LISTED_TAGS = 1_000;

async function countTags(
  db: LinkApiExecutor,
  table: typeof links | typeof campaigns,
  accountId: string,
): Promise<Map<string, number>> {
  const used = db
    .select({ name: sql<string>`unnest(${table.tags})`.as("name") })
    .from(table)
    .where(eq(table.accountId, accountId))
    .as("used");
  const rows = await db
    .select({ name: used.name, n: count() })
    .from(used)
    .groupBy(used.name)
    .orderBy(desc(count()), used.name)
    .limit(MAX_LISTED_TAGS);
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/**
 * The account's tags (tags are normalized on write: trimmed, lower case) with how many short
 * links and campaigns carry each, the most used first, then by name.
 */
export async function listTags(db: LinkApiExecutor, accountId: string): Promise<TagUsage[]> {
  const [onLinks, onCampaigns] = await Promise.all([
    countTags(db, links, accountId),
    countTags(db, campaigns, accountId),
  ]);
  const names = new Set([...onLinks.keys(), ...onCampaigns.keys()]);
  return [...names]
    .map((name) => ({ name, urls: onLinks.get(name) ?? 0, campaigns: onCampaigns.get(name) ?? 0 }))
    .sort(
      (a, b) =>
        b.urls + b.campaigns - (a.urls + a.campaigns) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .slice(0, MAX_LISTED_TAGS);
}
