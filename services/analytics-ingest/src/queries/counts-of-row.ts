import type { ClickCounts, LinkRef } from "../analytics/analytics-types";
import { num } from "./query-rows";

/**
 * The ClickCounts of a result row with the columns every counting query names alike:
 * n_clicks, n_visitors, n_bots, n_heads, n_qr (absent row: zeros).
 */
export function countsOfRow(row: Record<string, unknown> | undefined): ClickCounts {
  const clicks = num(row?.n_clicks);
  const bots = num(row?.n_bots);
  const headRequests = num(row?.n_heads);
  return {
    clicks,
    uniqueVisitors: num(row?.n_visitors),
    bots,
    headRequests,
    totalRequests: clicks + bots + headRequests,
    qrScans: num(row?.n_qr),
  };
}

/** The LinkRef of a row with link_id, link_host and link_code. */
export function linkOfRow(row: Record<string, unknown>): LinkRef {
  return { linkId: String(row.link_id), host: String(row.link_host), code: String(row.link_code) };
}
