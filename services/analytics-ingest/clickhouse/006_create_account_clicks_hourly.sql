-- Per account, hour and campaign: the account's and a campaign's totals, timelines and unique
-- visitors (overview, account timeline, campaign report), a few rows per account and hour.
CREATE TABLE IF NOT EXISTS account_clicks_hourly_v1
(
    account_id String,
    hour DateTime('UTC'),
    campaign_id String,
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    qr_scans SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (account_id, hour, campaign_id, retention_days)
TTL hour + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS account_clicks_hourly_mv_v1 TO account_clicks_hourly_v1 AS
SELECT
    account_id,
    toStartOfHour(clicked_at) AS hour,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqCombinedStateIf(12)(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans
FROM clicks_v1
GROUP BY account_id, hour, campaign_id, retention_days;

INSERT INTO account_clicks_hourly_v1 (account_id, hour, campaign_id, retention_days, clicks, bots, head_requests, visitors, qr_scans)
SELECT
    account_id,
    toStartOfHour(clicked_at) AS hour,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqCombinedStateIf(12)(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans
FROM clicks_v1
GROUP BY account_id, hour, campaign_id, retention_days;
