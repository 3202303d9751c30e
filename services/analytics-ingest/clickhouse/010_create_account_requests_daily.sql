-- Per account and UTC day: how many requests clicks_v1 holds, kept current by a view. A few
-- thousand rows: the rollup job's count of a day at roll-up time, and a report's check that a
-- rolled-up day is still current (dimension_days_v1), read it instead of the hourly rollup.
CREATE TABLE IF NOT EXISTS account_requests_daily_v1
(
    account_id String,
    day Date,
    retention_days UInt16,
    requests SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (account_id, day, retention_days)
TTL day + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS account_requests_daily_mv_v1 TO account_requests_daily_v1 AS
SELECT account_id, toDate(clicked_at) AS day, retention_days, count() AS requests
FROM clicks_v1
GROUP BY account_id, day, retention_days;

INSERT INTO account_requests_daily_v1
SELECT account_id, toDate(clicked_at) AS day, retention_days, count()
FROM clicks_v1
GROUP BY account_id, day, retention_days;
