import { asc, count, desc, sql } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { ListLinksQuery } from "./link-input-schemas";
import { linkFiltersWhere } from "./list-link-filters";

// Campaigns and QR codes search the same way.
export { containsPattern } from "./list-link-filters";

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** One page of the account's links: search over name, destination and code; sorted; filtered. */
export async function listLinks(
  db: LinkApiExecutor,
  accountId: string,
  query: ListLinksQuery,
): Promise<Page<LinkRow>> {
  const where = linkFiltersWhere(accountId, query);

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
