-- Per link and UTC day: human clicks, bots, HEAD requests, QR scans, unique visitors, the latest
-- click and its destination. Ordered by account then day, so an account's links over a window
-- (top links, domains, campaigns) and one link's days are both narrow key ranges. Unique
-- visitors are a uniqCombined(12) state: the visitor id is salted per UTC day, so a window's
-- uniques are the sum of its days' (see README). Replaces link_clicks_hourly_v1 (file 007).
CREATE TABLE IF NOT EXISTS link_clicks_daily_v1
(
    account_id String,
    day Date,
    link_id String,
    host LowCardinality(String),
    code String,
    campaign_id String,
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    qr_scans SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(12), UInt64),
    last_click_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    destination_url AggregateFunction(argMax, String, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (account_id, day, link_id, host, code, campaign_id, retention_days)
TTL day + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS link_clicks_daily_mv_v1 TO link_clicks_daily_v1 AS
SELECT
    account_id,
    toDate(clicked_at) AS day,
    link_id,
    host,
    code,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans,
    uniqCombinedStateIf(12)(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors,
    max(clicked_at) AS last_click_at,
    argMaxState(destination_url, clicked_at) AS destination_url
FROM clicks_v1
GROUP BY account_id, day, link_id, host, code, campaign_id, retention_days;

INSERT INTO link_clicks_daily_v1
SELECT
    account_id,
    toDate(clicked_at) AS day,
    link_id,
    host,
    code,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot),
    countIf(method != 'HEAD' AND is_bot),
    countIf(method = 'HEAD'),
    countIf(method != 'HEAD' AND NOT is_bot AND qr),
    uniqCombinedStateIf(12)(visitor_hash, method != 'HEAD' AND NOT is_bot),
    max(clicked_at),
    argMaxState(destination_url, clicked_at)
FROM clicks_v1
GROUP BY account_id, day, link_id, host, code, campaign_id, retention_days;
