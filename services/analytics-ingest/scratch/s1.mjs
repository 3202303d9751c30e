export default [
 ["select 1", "SELECT 1"],
 ["raw count small link", "SELECT count() FROM clicks_v1 WHERE account_id={acct:String} AND link_id={small:String}"],
 ["raw count small link literal-free", "SELECT count() FROM clicks_v1 WHERE link_id={small:String}"],
 ["raw count nothing", "SELECT count() FROM clicks_v1 WHERE account_id='none'"],
 ["hourly count nothing", "SELECT count() FROM link_clicks_hourly_v1 WHERE account_id='none'"],
 ["conv count nothing", "SELECT count() FROM conversions_v1 WHERE account_id='none'"],
 ["raw count nothing no index", "SELECT count() FROM clicks_v1 WHERE account_id='none' SETTINGS use_skip_indexes=0"],
 ["raw acct 2 days", "SELECT count(), uniq(visitor_hash) FROM clicks_v1 WHERE account_id={acct:String} AND clicked_at >= now64() - INTERVAL 200 DAY  AND clicked_at < now64() - INTERVAL 198 DAY"],
 ["raw acct 2 days country", "SELECT country, count(), uniq(visitor_hash) FROM clicks_v1 WHERE account_id={acct:String} AND clicked_at >= '2026-11-22 00:00:00' GROUP BY country"],
 ["raw acct 30 days count", "SELECT count() FROM clicks_v1 WHERE account_id={acct:String} AND clicked_at >= '2026-10-25 00:00:00'"],
];
