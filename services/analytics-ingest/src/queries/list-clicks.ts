import type { ClickStore } from "@kurz/clickstore";
import type { ClickDetail } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";
import { HUMAN, type QueryScope, scopeSql } from "./query-scope";

export interface ListClicksOptions {
  limit: number;
  offset: number;
  /** false: human clicks only. */
  includeBots: boolean;
}

/** Stored clicks of a scope, newest first, one page, with the total count. IPs are never stored. */
export async function listClicks(
  store: ClickStore,
  scope: QueryScope,
  options: ListClicksOptions,
): Promise<{ clicks: ClickDetail[]; total: number }> {
  const { where: scoped, params } = scopeSql(scope, "clicked_at");
  const where = options.includeBots ? scoped : `${scoped} AND ${HUMAN}`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      store,
      `SELECT toString(click_id) AS click_text, toUnixTimestamp64Milli(clicked_at) AS at, link_id, host, code,
              method, is_bot, bot_reason, qr, device_type, browser, browser_version, os, os_version,
              country, region, city, referrer, referrer_host, referrer_category, utm_source, utm_medium,
              utm_campaign, utm_term, utm_content, ab_test_id, variant_id, campaign_id, destination_url
         FROM clicks_v1
        WHERE ${where}
        ORDER BY clicked_at DESC, click_id DESC
        LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      { ...params, limit: options.limit, offset: options.offset },
    ),
    queryRows<{ n: string }>(store, `SELECT count() AS n FROM clicks_v1 WHERE ${where}`, params),
  ]);
  return {
    total: num(counted[0]?.n),
    clicks: rows.map((row) => ({
      clickId: String(row.click_text),
      clickedAt: new Date(num(row.at)),
      link: { linkId: String(row.link_id), host: String(row.host), code: String(row.code) },
      method: String(row.method),
      bot: Boolean(row.is_bot),
      botReason: String(row.bot_reason),
      qr: Boolean(row.qr),
      deviceType: String(row.device_type),
      browser: String(row.browser),
      browserVersion: String(row.browser_version),
      os: String(row.os),
      osVersion: String(row.os_version),
      country: String(row.country),
      region: String(row.region),
      city: String(row.city),
      referrer: String(row.referrer),
      referrerHost: String(row.referrer_host),
      referrerCategory: String(row.referrer_category),
      utmSource: String(row.utm_source),
      utmMedium: String(row.utm_medium),
      utmCampaign: String(row.utm_campaign),
      utmTerm: String(row.utm_term),
      utmContent: String(row.utm_content),
      abTestId: String(row.ab_test_id),
      variantId: String(row.variant_id),
      campaignId: String(row.campaign_id),
      destinationUrl: String(row.destination_url),
    })),
  };
}
