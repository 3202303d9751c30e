import type { ClickStore } from "@kurz/clickstore";
import type { Conversion } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";

/** One of the account's stored conversions by its (deterministic) id. */
export async function findConversion(
  store: ClickStore,
  accountId: string,
  conversionId: string,
): Promise<Conversion | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toString(conversion_id) AS conversion_text, toString(click_id) AS click_text, link_id, host, code,
            ab_test_id, variant_id, event_name, toString(value) AS value, currency, metadata,
            toUnixTimestamp64Milli(occurred_at) AS at
       FROM conversions_v1
      WHERE account_id = {accountId:String} AND conversion_id = {conversionId:UUID}
      LIMIT 1`,
    { accountId, conversionId },
  );
  if (!row) return undefined;
  const metadata = String(row.metadata);
  return {
    conversionId: String(row.conversion_text),
    clickId: String(row.click_text),
    link: { linkId: String(row.link_id), host: String(row.host), code: String(row.code) },
    abTestId: String(row.ab_test_id),
    variantId: String(row.variant_id),
    eventName: String(row.event_name),
    value: row.value === null || row.value === undefined || row.value === "\\N" ? null : num(row.value),
    currency: String(row.currency),
    metadata: metadata === "" ? null : (JSON.parse(metadata) as Record<string, unknown>),
    occurredAt: new Date(num(row.at)),
  };
}
