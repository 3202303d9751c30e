-- Per account (campaign_id '*') or campaign, finished UTC day and breakdown value: the breakdowns
-- and totals of account-wide and campaign reports with final counts. Written like
-- link_dimensions_daily_v1 (same job, same dimensions) plus one: dimension '' (value '') holds
-- the day's totals.
CREATE TABLE IF NOT EXISTS account_dimensions_daily_v1
(
    account_id String,
    campaign_id String,
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
ORDER BY (account_id, campaign_id, dimension, day, value, parent_country, parent_region)
TTL day + toIntervalDay(retention_days);
