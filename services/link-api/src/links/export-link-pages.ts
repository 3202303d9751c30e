import { and, asc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { campaigns, type LinkRow, links } from "../db/schema";
import { type LinkFilters, linkFiltersWhere } from "./list-link-filters";

/** A link of an export, with its campaign's name ("" without a campaign). */
export interface ExportedLink {
  row: LinkRow;
  campaignName: string;
}

/** Rows per statement: large enough that a round trip is amortized, small enough to hold. */
export const EXPORT_PAGE_SIZE = 1_000;

/** Where the previous page ended: created_at as Postgres' own text (microseconds), and the id. */
interface Cursor {
  createdAt: string;
  id: string;
}

function after(cursor: Cursor): SQL {
  // The row comparison orders the page; the plain >= on created_at lets the (account_id,
  // created_at) index start at the cursor instead of at the account's first link.
  return and(
    gte(links.createdAt, sql`${cursor.createdAt}::timestamptz`),
    sql`(${links.createdAt}, ${links.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
  )!;
}

/**
 * Every link of the account under the list filters, in pages, oldest first (created_at, then id).
 * Keyset paging (after the previous page's last row) reads each row once whatever the size, where
 * OFFSET would rescan every earlier page, and it walks the existing (account_id, created_at)
 * index. The cursor's time is carried as text: a JS Date would drop Postgres' microseconds and
 * repeat or skip rows of the same millisecond. The next page is read only when the caller asks,
 * so a slow reader holds one page, never the account. A link created during the export appears
 * at the end. The campaign's name rides along (a join on its primary key).
 */
export async function* exportLinkPages(
  db: LinkApiExecutor,
  accountId: string,
  filters: LinkFilters,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportedLink[]> {
  const where = linkFiltersWhere(accountId, filters);
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await db
      .select({
        row: links,
        campaignName: campaigns.name,
        cursorAt: sql<string>`${links.createdAt}::text`,
      })
      .from(links)
      .leftJoin(campaigns, eq(campaigns.id, links.campaignId))
      .where(cursor === undefined ? where : and(where, after(cursor)))
      .orderBy(asc(links.createdAt), asc(links.id))
      .limit(pageSize);
    if (rows.length > 0)
      yield rows.map(({ row, campaignName }) => ({ row, campaignName: campaignName ?? "" }));
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < pageSize) return;
    cursor = { createdAt: last.cursorAt, id: last.row.id };
  }
}
