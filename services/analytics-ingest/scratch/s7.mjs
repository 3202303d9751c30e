const H = "(method != 'HEAD' AND NOT is_bot)";
const dims = `[('country', country, '', ''), ('region', region, country, ''), ('city', city, country, region), ('device', toString(device_type), '', ''), ('browser', toString(browser), '', ''), ('os', toString(os), '', ''), ('rhost', referrer_host, '', ''), ('rcat', toString(referrer_category), '', ''), ('us', utm_source, '', ''), ('um', utm_medium, '', ''), ('uc', utm_campaign, '', ''), ('ut', utm_term, '', ''), ('uco', utm_content, '', ''), ('bot', toString(bot_reason), '', ''), ('variant', variant_id, '', '')]`;
const mk = (name, fn, p) => [
 [`create ${name}`, `CREATE TABLE IF NOT EXISTS d_${name} (account_id String, day Date, dimension LowCardinality(String), value String, country LowCardinality(String), region String, clicks SimpleAggregateFunction(sum, UInt64), visitors AggregateFunction(${fn}${p}, UInt64)) ENGINE = AggregatingMergeTree ORDER BY (account_id, day, dimension, value, country, region)`],
 [`fill ${name}`, `INSERT INTO d_${name} SELECT account_id, toDate(clicked_at) day, d.1, d.2, d.3, d.4, countIf(${H}), ${fn}StateIf${p}(visitor_hash, ${H}) FROM clicks_v1 ARRAY JOIN ${dims} AS d WHERE account_id={acct:String} AND (SELECT count() FROM d_${name}) = 0 GROUP BY ALL`],
 [`optimize ${name}`, `OPTIMIZE TABLE d_${name} FINAL`],
 [`bytes ${name}`, `SELECT sum(data_compressed_bytes), sum(data_uncompressed_bytes) FROM system.parts WHERE table = 'd_${name}' AND active`],
 [`180d ${name}`, `SELECT dimension, value, country, region, sum(clicks) c, ${fn}Merge${p}(visitors) v FROM d_${name} WHERE account_id={acct:String} AND day >= '2026-05-01' GROUP BY dimension, value, country, region ORDER BY dimension, c DESC LIMIT 50 BY dimension`],
 [`180d ${name} country US`, `SELECT ${fn}Merge${p}(visitors) v FROM d_${name} WHERE account_id={acct:String} AND day >= '2026-05-01' AND dimension='country' AND value='US'`],
];
export default [
 ...mk("c12", "uniqCombined", "(12)"),
 ...mk("c10", "uniqCombined", "(10)"),
 ["exact US", `SELECT uniqExactIf(visitor_hash, ${H}) FROM clicks_v1 WHERE account_id={acct:String} AND clicked_at >= '2026-05-01' AND country='US'`],
];
