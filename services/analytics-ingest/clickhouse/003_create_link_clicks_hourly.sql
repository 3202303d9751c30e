-- Dashboard rollup: per link and hour, human clicks, bots, HEAD requests, QR scans and a
-- mergeable unique-visitor state. Fed by a materialized view on clicks_v1; it needs its own
-- dedup window because the view fires again on a de-duplicated insert (packages/clickstore).
CREATE TABLE IF NOT EXISTS link_clicks_hourly_v1
(
    account_id String,
    link_id String,
    host LowCardinality(String),
    code String,
    campaign_id String,
    hour DateTime('UTC'),
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    qr_scans SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniq, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (account_id, link_id, hour, host, code, campaign_id, retention_days)
TTL hour + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS link_clicks_hourly_mv_v1 TO link_clicks_hourly_v1 AS
SELECT
    account_id,
    link_id,
    host,
    code,
    campaign_id,
    toStartOfHour(clicked_at) AS hour,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans,
    uniqStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors
FROM clicks_v1
GROUP BY account_id, link_id, host, code, campaign_id, hour, retention_days;
