import { stringify } from "csv-stringify/sync";
import type { ClickDetail } from "../analytics/analytics-types";

export type ClickExportFormat = "csv" | "jsonl";

/**
 * RFC 4180 with CRLF records. csv-stringify quotes a cell holding `"` or `,` (doubling inner
 * quotes) but not a lone LF or CR: those are quoted too. escape_formulas prefixes `'` to a cell
 * starting with = + - @ TAB or CR (OWASP's CSV injection advice): a referrer or UTM value is
 * whatever a visitor sent, and must open in a spreadsheet as text, never as a formula.
 */
const CSV_OPTIONS = {
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
  escape_formulas: true,
} as const;

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
  return format === "csv" ? stringify([CLICK_EXPORT_COLUMNS], CSV_OPTIONS) : "";
}

/** One page of clicks as text: CSV records, or JSON lines holding the click list's ClickDetail. */
export function writeClickExportPage(format: ClickExportFormat, page: ClickDetail[]): string {
  if (format === "jsonl") return page.map((click) => `${JSON.stringify(click)}\n`).join("");
  return stringify(
    page.map((click) => COLUMNS.map(([, cell]) => cell(click))),
    CSV_OPTIONS,
  );
}
