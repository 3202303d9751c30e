-- Per link, finished UTC day and breakdown value: a link's breakdowns (geography, devices,
-- referrers, UTM, bot reasons, A/B variants) for a window's whole days, in one statement. Written
-- by the dimension rollup job (src/rollups), not by a view: one INSERT per finished day from
-- clicks_v1, so each row holds the day's final counts, unique visitors included (exact: a visitor
-- id is salted per day, so a day's count is final and days add up). A day changed by late clicks
-- is deleted and written again; dimension_days_v1 says which days are current.
-- Dimensions: country; region and city with their parents; deviceType, browser, os; referrerHost,
-- referrerCategory; utm* (non-empty values only); botReason (bot requests only); variant
-- (non-empty only); tagged (requests with any UTM parameter, value '').
CREATE TABLE IF NOT EXISTS link_dimensions_daily_v1
(
    account_id String,
    link_id String,
    day Date,
    dimension LowCardinality(String),
    value String,
    parent_country LowCardinality(String),
    parent_region String,
    retention_days UInt16,
    clicks UInt64,
    bots UInt64,
    head_requests UInt64,
    qr_scans UInt64,
    visitors UInt64
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (account_id, link_id, dimension, day, value, parent_country, parent_region)
TTL day + toIntervalDay(retention_days);
