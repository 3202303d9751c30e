-- The hourly per-link rollup is replaced by link_clicks_daily_v1 (whole days), account_clicks_hourly_v1
-- (account and campaign hours) and clicks_v1 itself for a link's partial days: its view is dropped
-- so inserts no longer pay for it, then the table.
DROP VIEW IF EXISTS link_clicks_hourly_mv_v1;

DROP TABLE IF EXISTS link_clicks_hourly_v1;
