-- Per link (and host, code, campaign it was clicked under) and hour, aggregated as clicks are
-- inserted: what a report reads of a link for the hours no job-written rollup answers (today, a
-- day not rolled up yet, a window's partial days) instead of the link's raw rows — its totals and
-- timeline, its place among the top links, its tagged clicks (UTM link list) and its QR requests
-- alone (QR report). Unique visitors are uniqExact states, the same count clicks_v1 gives: merged
-- per UTC day (the visitor id is salted per day), then summed over days. Ordered by account then
-- hour: an account's links over a window are one range.
CREATE TABLE IF NOT EXISTS link_hours_v1
(
    account_id String,
    hour DateTime('UTC'),
    link_id String,
    host LowCardinality(String),
    code String,
    campaign_id String,
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    qr_scans SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqExact, UInt64),
    last_click_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    destination_url AggregateFunction(argMax, String, DateTime64(3, 'UTC')),
    tagged_clicks SimpleAggregateFunction(sum, UInt64),
    qr_bots SimpleAggregateFunction(sum, UInt64),
    qr_head_requests SimpleAggregateFunction(sum, UInt64),
    qr_visitors AggregateFunction(uniqExact, UInt64),
    last_qr_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    qr_destination_url AggregateFunction(argMax, String, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (account_id, hour, link_id, host, code, campaign_id, retention_days)
TTL hour + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS link_hours_mv_v1 TO link_hours_v1 AS
SELECT
    account_id,
    toStartOfHour(clicked_at) AS hour,
    link_id,
    host,
    code,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors,
    max(clicked_at) AS last_click_at,
    argMaxState(destination_url, clicked_at) AS destination_url,
    countIf(method != 'HEAD' AND NOT is_bot
        AND (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')) AS tagged_clicks,
    countIf(method != 'HEAD' AND is_bot AND qr) AS qr_bots,
    countIf(method = 'HEAD' AND qr) AS qr_head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot AND qr) AS qr_visitors,
    maxIf(clicked_at, qr) AS last_qr_at,
    argMaxStateIf(clicks_v1.destination_url, clicked_at, qr) AS qr_destination_url
FROM clicks_v1
GROUP BY account_id, hour, link_id, host, code, campaign_id, retention_days;

INSERT INTO link_hours_v1
SELECT
    account_id,
    toStartOfHour(clicked_at) AS hour,
    link_id,
    host,
    code,
    campaign_id,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    countIf(method != 'HEAD' AND NOT is_bot AND qr) AS qr_scans,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors,
    max(clicked_at) AS last_click_at,
    argMaxState(destination_url, clicked_at) AS destination_url,
    countIf(method != 'HEAD' AND NOT is_bot
        AND (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')) AS tagged_clicks,
    countIf(method != 'HEAD' AND is_bot AND qr) AS qr_bots,
    countIf(method = 'HEAD' AND qr) AS qr_head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot AND qr) AS qr_visitors,
    maxIf(clicked_at, qr) AS last_qr_at,
    argMaxStateIf(clicks_v1.destination_url, clicked_at, qr) AS qr_destination_url
FROM clicks_v1
WHERE clicked_at >= (SELECT max(since) FROM hourly_rollups_since_v1)
GROUP BY account_id, hour, link_id, host, code, campaign_id, retention_days;
