/** A row of clicks_v1 as inserted (JSONEachRow). Column meanings: clickhouse/001_create_clicks.sql. */
export interface ClickRow {
  click_id: string;
  /** "YYYY-MM-DD hh:mm:ss.sss", UTC. */
  clicked_at: string;
  account_id: string;
  link_id: string;
  host: string;
  code: string;
  destination_url: string;
  campaign_id: string;
  qr: boolean;
  ab_test_id: string;
  variant_id: string;
  /** The A/B visitor id of an exposure, "" otherwise. */
  ab_visitor: string;
  /** The redirect rule that chose the destination, "" otherwise. */
  rule_id: string;
  /** GET, HEAD or POST. */
  method: string;
  is_bot: boolean;
  bot_reason: string;
  device_type: string;
  browser: string;
  browser_version: string;
  os: string;
  os_version: string;
  country: string;
  region: string;
  city: string;
  referrer: string;
  referrer_host: string;
  referrer_category: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  user_agent: string;
  visitor_hash: number;
  /** Filled when the batch is written (the account's plan retention). */
  retention_days: number;
  /** Filled when the batch is written: the dedup token of the insert that stores the row. */
  ingest_token: string;
}

/** A row of conversions_v1 as inserted. */
export interface ConversionRow {
  conversion_id: string;
  click_id: string;
  occurred_at: string;
  clicked_at: string;
  account_id: string;
  link_id: string;
  host: string;
  code: string;
  campaign_id: string;
  ab_test_id: string;
  variant_id: string;
  event_name: string;
  /** Decimal as text, or null. */
  value: string | null;
  currency: string;
  metadata: string;
  retention_days: number;
}

/** ClickHouse DateTime64(3) text of an instant, UTC. */
let cachedSecond = Number.NaN;
let cachedPrefix = "";

export function toClickHouseTime(epochMs: number): string {
  // Clicks come in time order, so consecutive ones nearly always share their second: its
  // "YYYY-MM-DD hh:mm:ss" is formatted once and only the milliseconds are added per click.
  if (!Number.isInteger(epochMs)) return new Date(epochMs).toISOString().slice(0, 23).replace("T", " ");
  const second = Math.floor(epochMs / 1000);
  if (second !== cachedSecond) {
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 19).replace("T", " ");
    cachedSecond = second;
  }
  const ms = epochMs - second * 1000;
  return `${cachedPrefix}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}`;
}
