import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import { num, queryRows } from "./query-rows";

export interface StoredClick {
  clickId: string;
  clickedAtMs: number;
  linkId: string;
  host: string;
  code: string;
  campaignId: string;
  abTestId: string;
  variantId: string;
}

/**
 * One of the account's clicks by id. A UUIDv7 carries its creation time, so the lookup is
 * bounded to the day around it; other UUIDs scan the account's rows.
 */
export async function findClick(
  store: ClickStore,
  accountId: string,
  clickId: string,
  approxTimeMs: number | undefined,
): Promise<StoredClick | undefined> {
  const params: Record<string, unknown> = { accountId, clickId };
  let window = "";
  if (approxTimeMs !== undefined) {
    window = "AND clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at <= {to:DateTime64(3, 'UTC')}";
    params.from = toClickHouseTime(approxTimeMs - 86_400_000);
    params.to = toClickHouseTime(approxTimeMs + 86_400_000);
  }
  const [row] = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toString(click_id) AS click_text, toUnixTimestamp64Milli(clicked_at) AS at, link_id, host, code,
            campaign_id, ab_test_id, variant_id
       FROM clicks_v1
      WHERE account_id = {accountId:String} AND click_id = {clickId:UUID} ${window}
      LIMIT 1`,
    params,
  );
  if (!row) return undefined;
  return {
    clickId: String(row.click_text),
    clickedAtMs: num(row.at),
    linkId: String(row.link_id),
    host: String(row.host),
    code: String(row.code),
    campaignId: String(row.campaign_id),
    abTestId: String(row.ab_test_id),
    variantId: String(row.variant_id),
  };
}
