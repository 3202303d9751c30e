import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { ListLinksQuery } from "./link-input-schemas";
import { normalizeTag } from "./normalize-tags";

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** ILIKE pattern for a literal substring: %, _ and \ in the search text match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of the account's links: search over name, destination and code; sorted; filtered. */
export async function listLinks(
  db: LinkApiExecutor,
  accountId: string,
  query: ListLinksQuery,
): Promise<Page<LinkRow>> {
  const conditions: SQL[] = [eq(links.accountId, accountId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(ilike(links.name, pattern), ilike(links.originalUrl, pattern), ilike(links.code, pattern))!,
    );
  }
  if (query.tag) conditions.push(sql`${normalizeTag(query.tag)} = any(${links.tags})`);
  if (query.campaign_id) conditions.push(eq(links.campaignId, query.campaign_id));
  if (query.domain) conditions.push(eq(links.host, query.domain));
  const where = and(...conditions);

  const column =
    query.sortBy === "clicks"
      ? links.clicks
      : query.sortBy === "name"
        ? sql`lower(${links.name})`
        : links.createdAt;
  const direction = query.order ?? (query.sortBy === "name" ? "asc" : "desc");
  const order = direction === "asc" ? asc(column) : desc(column);
  // A tiebreaker keeps pages stable when many rows share the sort value.
  const tiebreak = direction === "asc" ? asc(links.id) : desc(links.id);

  const [items, totals] = await Promise.all([
    db
      .select()
      .from(links)
      .where(where)
      .orderBy(order, tiebreak)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(links).where(where),
  ]);
  return { items, page: query.page, limit: query.limit, total: totals[0]?.n ?? 0 };
}
