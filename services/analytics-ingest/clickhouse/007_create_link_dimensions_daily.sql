-- Per link, UTC day and breakdown value: the breakdowns of one link's report (geography,
-- devices, referrers, UTM, bot reasons, A/B variants) for a window's whole days, in one statement.
-- Not fed by a view (it would multiply every insert by the dimensions): the dimension rollup job
-- (src/rollups) writes each finished day once, from clicks_v1, and again when late clicks change
-- the day; dimension_days_v1 says which days are current. One partition per day, so a day is
-- replaced whole.
-- Dimensions: country; region and city with their parents; deviceType, browser, os; referrerHost,
-- referrerCategory; utm* (non-empty values only); botReason (bot requests only); variant
-- (non-empty only); tagged (requests with any UTM parameter, value '').
CREATE TABLE IF NOT EXISTS link_dimensions_daily_v1
(
    account_id String,
    day Date,
    link_id String,
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
ORDER BY (account_id, link_id, day, dimension, value, parent_country, parent_region, retention_days)
TTL day + toIntervalDay(retention_days);
