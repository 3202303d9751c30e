import { csvRecord } from "@kurz/csv";
import type { ShortHosts } from "@kurz/routes";
import type { ExportedLink } from "./export-link-pages";
import { type LinkView, toLinkView } from "./to-link-view";

export type ExportFormat = "csv" | "jsonl";

/** One CSV column: its header and its cell of a link (strings, so nothing is cast implicitly). */
const COLUMNS: ReadonlyArray<readonly [string, (view: LinkView, campaignName: string) => string]> = [
  ["code", (v) => v.shortCode],
  ["short_url", (v) => v.shortUrl],
  ["domain", (v) => v.domain],
  ["destination_url", (v) => v.destinationUrl],
  ["original_url", (v) => v.originalUrl],
  ["name", (v) => v.name],
  // Several tags in one cell, joined by commas (so the cell is quoted). A tag may itself hold a
  // comma: JSONL keeps such tags apart.
  ["tags", (v) => v.tags.join(",")],
  ["campaign_id", (v) => v.campaignId ?? ""],
  ["campaign_name", (_, campaignName) => campaignName],
  ["url_type", (v) => v.urlType],
  ["custom_alias", (v) => String(v.customAlias)],
  ["is_dynamic", (v) => String(v.isDynamic)],
  ["tracking_enabled", (v) => String(v.trackingEnabled)],
  ["conversion_tracking", (v) => String(v.conversionTracking)],
  ["password_protected", (v) => String(v.passwordProtected)],
  ["qr", (v) => String(v.qr)],
  ["utm_source", (v) => v.utm.source],
  ["utm_medium", (v) => v.utm.medium],
  ["utm_campaign", (v) => v.utm.campaign],
  ["utm_term", (v) => v.utm.term],
  ["utm_content", (v) => v.utm.content],
  ["expires_at", (v) => v.expiresAt ?? ""],
  ["max_clicks", (v) => (v.maxClicks === null ? "" : String(v.maxClicks))],
  ["expired_url", (v) => v.expiredUrl ?? ""],
  // A rule is a nested object: the CSV carries how many there are; JSONL carries them whole.
  ["rule_count", (v) => String(v.rules.length)],
  ["ios_url", (v) => v.iosUrl ?? ""],
  ["android_url", (v) => v.androidUrl ?? ""],
  ["og_title", (v) => v.ogTitle ?? ""],
  ["og_description", (v) => v.ogDescription ?? ""],
  ["og_image", (v) => v.ogImage ?? ""],
  ["clicks", (v) => String(v.clicks)],
  ["created_at", (v) => v.createdAt],
  ["updated_at", (v) => v.updatedAt],
  ["link_id", (v) => v.linkId],
];

/** The CSV columns of a link export, in order (docs/api/links.md#export). */
export const LINK_EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

/** What an export starts with: the CSV header row; nothing for JSONL. */
export function linkExportHead(format: ExportFormat): string {
  return format === "csv" ? csvRecord(LINK_EXPORT_COLUMNS) : "";
}

/**
 * One page of links as text: CSV records, or JSON lines holding the REST link view
 * (toLinkView) plus the campaign's name.
 */
export function writeLinkExportPage(format: ExportFormat, page: ExportedLink[], hosts: ShortHosts): string {
  const views = page.map(({ row, campaignName }) => ({ view: toLinkView(row, hosts), campaignName }));
  if (format === "jsonl")
    return views.map(({ view, campaignName }) => `${JSON.stringify({ ...view, campaignName })}\n`).join("");
  // CSV per @kurz/csv: RFC 4180 with CRLF, a cell starting like a formula prefixed with '.
  return views
    .map(({ view, campaignName }) => csvRecord(COLUMNS.map(([, cell]) => cell(view, campaignName))))
    .join("");
}
