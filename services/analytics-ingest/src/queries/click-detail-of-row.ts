import type { ClickDetail } from "../analytics/analytics-types";
import { num } from "./query-rows";

/**
 * The clicks_v1 columns of a single click as the API shows it, for a SELECT list: shared by the
 * click list and the click export, so both show the same fields. Never the visitor hash, the A/B
 * visitor id or the user agent (the API does not expose them; IPs are never stored).
 */
export const CLICK_DETAIL_COLUMNS = `toString(click_id) AS click_text, toUnixTimestamp64Milli(clicked_at) AS at, link_id, host, code,
            method, is_bot, bot_reason, qr, device_type, browser, browser_version, os, os_version,
            country, region, city, referrer, referrer_host, referrer_category, utm_source, utm_medium,
            utm_campaign, utm_term, utm_content, ab_test_id, variant_id, campaign_id, destination_url`;

/** The names of CLICK_DETAIL_COLUMNS, in order: what a JSONCompactEachRow row's cells are. */
export const CLICK_DETAIL_NAMES: readonly string[] = [
  ...CLICK_DETAIL_COLUMNS.matchAll(/(?:AS )?(\w+)(?:,|$)/g),
].map((match) => match[1] ?? "");

/** A JSONCompactEachRow row of CLICK_DETAIL_COLUMNS (an array, half the bytes of JSONEachRow). */
export function clickDetailOfCells(cells: readonly unknown[]): ClickDetail {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < CLICK_DETAIL_NAMES.length; i++) row[CLICK_DETAIL_NAMES[i] ?? ""] = cells[i];
  return clickDetailOfRow(row);
}

/** A row of CLICK_DETAIL_COLUMNS (JSONEachRow) as a ClickDetail. */
export function clickDetailOfRow(row: Record<string, unknown>): ClickDetail {
  return {
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
  };
}
