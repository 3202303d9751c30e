import { csvRecord } from "@kurz/csv";
import { CLICK_DETAIL_NAMES, clickDetailOfCells } from "./click-detail-of-row";
import type { ClickCells } from "./export-click-pages";

export type ClickExportFormat = "csv" | "jsonl";

const at = (name: string) => {
  const index = CLICK_DETAIL_NAMES.indexOf(name);
  if (index < 0) throw new Error(`no click column ${name}`);
  return index;
};
const text = (name: string) => {
  const index = at(name);
  return (cells: ClickCells) => String(cells[index] ?? "");
};
const flag = (name: string) => {
  const index = at(name);
  return (cells: ClickCells) => String(cells[index] === true || cells[index] === 1 || cells[index] === "1");
};
const CLICKED_AT = at("at");

/**
 * One CSV column: its header and its cell, read from the click's cells by position (no object
 * per click: the export writes millions). The values are those of ClickDetail (click-detail-of-row.ts).
 */
const COLUMNS: ReadonlyArray<readonly [string, (cells: ClickCells) => string]> = [
  ["clicked_at", (cells) => new Date(Number(cells[CLICKED_AT])).toISOString()],
  ["click_id", text("click_text")],
  ["link_id", text("link_id")],
  ["code", text("code")],
  ["host", text("host")],
  ["method", text("method")],
  ["bot", flag("is_bot")],
  ["bot_reason", text("bot_reason")],
  ["qr", flag("qr")],
  ["country", text("country")],
  ["region", text("region")],
  ["city", text("city")],
  ["device_type", text("device_type")],
  ["browser", text("browser")],
  ["browser_version", text("browser_version")],
  ["os", text("os")],
  ["os_version", text("os_version")],
  ["referrer", text("referrer")],
  ["referrer_host", text("referrer_host")],
  ["referrer_category", text("referrer_category")],
  ["utm_source", text("utm_source")],
  ["utm_medium", text("utm_medium")],
  ["utm_campaign", text("utm_campaign")],
  ["utm_term", text("utm_term")],
  ["utm_content", text("utm_content")],
  ["ab_test_id", text("ab_test_id")],
  ["variant_id", text("variant_id")],
  ["campaign_id", text("campaign_id")],
  ["destination_url", text("destination_url")],
];

/** The CSV columns of a click export, in order (docs/api/analytics.md#click-export). */
export const CLICK_EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

/** What an export starts with: the CSV header row; nothing for JSONL. */
export function clickExportHead(format: ClickExportFormat): string {
  return format === "csv" ? csvRecord(CLICK_EXPORT_COLUMNS) : "";
}

/** One page of clicks as text: CSV records, or JSON lines holding the click list's ClickDetail. */
export function writeClickExportPage(format: ClickExportFormat, page: readonly ClickCells[]): string {
  if (format === "jsonl")
    return page.map((cells) => `${JSON.stringify(clickDetailOfCells(cells))}\n`).join("");
  // CSV per @kurz/csv: RFC 4180 with CRLF, a cell starting like a formula prefixed with ' (a
  // referrer or UTM value is whatever a visitor sent).
  let out = "";
  for (const cells of page) out += csvRecord(COLUMNS.map(([, cell]) => cell(cells)));
  return out;
}
