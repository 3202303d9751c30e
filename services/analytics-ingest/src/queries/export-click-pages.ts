import type { ClickStore } from "@kurz/clickstore";
import type { ClickDetail } from "../analytics/analytics-types";
import { toClickHouseTime } from "../ingest/click-row";
import { CLICK_DETAIL_COLUMNS, clickDetailOfRow } from "./click-detail-of-row";
import { queryRows } from "./query-rows";
import { HUMAN, type QueryScope, scopeSql } from "./query-scope";

/** Rows per statement: amortizes a statement's fixed cost; one page is what the export holds. */
export const CLICK_EXPORT_PAGE_SIZE = 10_000;

export interface ExportClicksOptions {
  /** false: human clicks only (as the click list's includeBots). */
  includeBots: boolean;
  pageSize?: number;
}

/**
 * Every stored click of a scope's window, oldest first, in pages keyed on (clicked_at, click_id):
 * each statement starts after the previous page's last row, so no row is read twice or skipped
 * however many share a millisecond, and nothing like OFFSET rescans what was already sent.
 * clicked_at is DateTime64(3): the cursor's milliseconds are exact. The plain >= on clicked_at
 * beside the tuple comparison lets ClickHouse skip the months (partitions) before the cursor.
 * The next page is read only when the caller asks for it.
 */
export async function* exportClickPages(
  store: ClickStore,
  scope: QueryScope,
  options: ExportClicksOptions,
): AsyncGenerator<ClickDetail[]> {
  const pageSize = options.pageSize ?? CLICK_EXPORT_PAGE_SIZE;
  const { where: scoped, params } = scopeSql(scope, "clicked_at");
  const where = options.includeBots ? scoped : `${scoped} AND ${HUMAN}`;
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after =
      cursor === undefined
        ? ""
        : ` AND clicked_at >= {afterAt:DateTime64(3, 'UTC')}
            AND (clicked_at, click_id) > ({afterAt:DateTime64(3, 'UTC')}, {afterId:UUID})`;
    const rows = await queryRows<Record<string, unknown>>(
      store,
      `SELECT ${CLICK_DETAIL_COLUMNS}
         FROM clicks_v1
        WHERE ${where}${after}
        ORDER BY clicked_at, click_id
        LIMIT {pageSize:UInt32}`,
      cursor === undefined
        ? { ...params, pageSize }
        : { ...params, pageSize, afterAt: cursor.at, afterId: cursor.id },
    );
    const page = rows.map(clickDetailOfRow);
    if (page.length > 0) yield page;
    const last = page[page.length - 1];
    if (last === undefined || page.length < pageSize) return;
    cursor = { at: toClickHouseTime(last.clickedAt.getTime()).slice(0, 23), id: last.clickId };
  }
}
