import { csvRecord } from "@kurz/csv";
import type { ClickDetail } from "../analytics/analytics-types";

export type ClickExportFormat = "csv" | "jsonl";

/** One CSV column: its header and its cell (strings, so nothing is cast implicitly). */
const COLUMNS: ReadonlyArray<readonly [string, (click: ClickDetail) => string]> = [
  ["clicked_at", (c) => c.clickedAt.toISOString()],
  ["click_id", (c) => c.clickId],
  ["link_id", (c) => c.link.linkId],
  ["code", (c) => c.link.code],
  ["host", (c) => c.link.host],
  ["method", (c) => c.method],
  ["bot", (c) => String(c.bot)],
  ["bot_reason", (c) => c.botReason],
  ["qr", (c) => String(c.qr)],
  ["country", (c) => c.country],
  ["region", (c) => c.region],
  ["city", (c) => c.city],
  ["device_type", (c) => c.deviceType],
  ["browser", (c) => c.browser],
  ["browser_version", (c) => c.browserVersion],
  ["os", (c) => c.os],
  ["os_version", (c) => c.osVersion],
  ["referrer", (c) => c.referrer],
  ["referrer_host", (c) => c.referrerHost],
  ["referrer_category", (c) => c.referrerCategory],
  ["utm_source", (c) => c.utmSource],
  ["utm_medium", (c) => c.utmMedium],
  ["utm_campaign", (c) => c.utmCampaign],
  ["utm_term", (c) => c.utmTerm],
  ["utm_content", (c) => c.utmContent],
  ["ab_test_id", (c) => c.abTestId],
  ["variant_id", (c) => c.variantId],
  ["campaign_id", (c) => c.campaignId],
  ["destination_url", (c) => c.destinationUrl],
];

/** The CSV columns of a click export, in order (docs/api/analytics.md#click-export). */
export const CLICK_EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

/** What an export starts with: the CSV header row; nothing for JSONL. */
export function clickExportHead(format: ClickExportFormat): string {
  return format === "csv" ? csvRecord(CLICK_EXPORT_COLUMNS) : "";
}

/** One page of clicks as text: CSV records, or JSON lines holding the click list's ClickDetail. */
export function writeClickExportPage(format: ClickExportFormat, page: ClickDetail[]): string {
  if (format === "jsonl") return page.map((click) => `${JSON.stringify(click)}\n`).join("");
  // CSV per @kurz/csv: RFC 4180 with CRLF, a cell starting like a formula prefixed with ' (a
  // referrer or UTM value is whatever a visitor sent).
  let text = "";
  for (const click of page) text += csvRecord(COLUMNS.map(([, cell]) => cell(click)));
  return text;
}
