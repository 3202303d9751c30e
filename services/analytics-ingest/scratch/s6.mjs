export default [
 ["settings", `SELECT getSetting('max_threads'), getSetting('max_block_size'), getSetting('use_uncompressed_cache')`],
 ["180d uniq t1", `SELECT dimension, value, country, region, sum(clicks) c, uniqMerge(visitors) v FROM dims_acct WHERE account_id={acct:String} AND day >= '2026-05-01' GROUP BY dimension, value, country, region ORDER BY dimension, c DESC LIMIT 50 BY dimension SETTINGS max_threads=1`],
 ["180d uniq t2", `SELECT dimension, value, country, region, sum(clicks) c, uniqMerge(visitors) v FROM dims_acct WHERE account_id={acct:String} AND day >= '2026-05-01' GROUP BY dimension, value, country, region ORDER BY dimension, c DESC LIMIT 50 BY dimension SETTINGS max_threads=2`],
 ["180d uniq t4", `SELECT dimension, value, country, region, sum(clicks) c, uniqMerge(visitors) v FROM dims_acct WHERE account_id={acct:String} AND day >= '2026-05-01' GROUP BY dimension, value, country, region ORDER BY dimension, c DESC LIMIT 50 BY dimension SETTINGS max_threads=4`],
 ["180d count US raw distinct", `SELECT count() FROM (SELECT DISTINCT visitor_hash FROM clicks_v1 WHERE account_id={acct:String} AND clicked_at >= '2026-05-01')`],
];
