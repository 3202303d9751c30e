-- Per link (and host, code, campaign it was clicked under) and finished UTC day: final totals,
-- unique visitors, the latest click and its destination. Written by the dimension rollup job with
-- the dimension rollups; top links, a link's totals and campaign link lists read it for whole,
-- current days. Ordered by account then day: an account's links over a window are one range.
CREATE TABLE IF NOT EXISTS link_days_v1
(
    account_id String,
    day Date,
    link_id String,
    host LowCardinality(String),
    code String,
    campaign_id String,
    retention_days UInt16,
    clicks UInt64,
    bots UInt64,
    head_requests UInt64,
    qr_scans UInt64,
    visitors UInt64,
    last_click_at DateTime64(3, 'UTC'),
    destination_url String
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (account_id, day, link_id, host, code, campaign_id)
TTL day + toIntervalDay(retention_days);
