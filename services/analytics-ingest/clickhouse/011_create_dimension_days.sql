-- Which days the job-written rollups (link_dimensions_daily_v1, account_dimensions_daily_v1,
-- link_days_v1) hold, per account: the number of requests (clicks_v1 rows) the
-- day had when it was rolled up. A report uses a day's rollup rows only while that number still
-- equals the account's requests of the day in account_requests_daily_v1; otherwise (late clicks,
-- a roll in progress: raw_rows 0) it reads the day from clicks_v1. Latest row per key wins.
CREATE TABLE IF NOT EXISTS dimension_days_v1
(
    account_id String,
    day Date,
    raw_rows UInt64,
    rolled_at DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(rolled_at)
ORDER BY (account_id, day);
