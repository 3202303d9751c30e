-- Per account, UTC day, campaign and breakdown value: the breakdowns of account-wide and campaign
-- reports without reading every link's rows. Written like link_dimensions_daily_v1 (same job,
-- same columns, one partition per day).
-- Dimensions: country; region and city with their parents; deviceType, browser, os; referrerHost,
-- referrerCategory; utm* (non-empty values only); botReason (bot requests only); variant
-- (non-empty only); tagged (requests with any UTM parameter, value '').
CREATE TABLE IF NOT EXISTS account_dimensions_daily_v1
(
    account_id String,
    day Date,
    campaign_id String,
    dimension LowCardinality(String),
    value String,
    parent_country LowCardinality(String),
    parent_region String,
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY day
ORDER BY (account_id, day, campaign_id, dimension, value, parent_country, parent_region, retention_days)
TTL day + toIntervalDay(retention_days);
