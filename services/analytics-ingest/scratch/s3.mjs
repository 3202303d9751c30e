const H = "(method != 'HEAD' AND NOT is_bot)";
const agg = `countIf(${H}) c, uniqIf(visitor_hash, ${H}) v, countIf(method != 'HEAD' AND is_bot) b, countIf(method='HEAD') h`;
const dims = `arrayJoin([('country', country, '', ''), ('region', region, country, ''), ('city', city, country, region), ('device', toString(device_type), '', ''), ('browser', toString(browser), '', ''), ('os', toString(os), '', ''), ('rhost', referrer_host, '', ''), ('rcat', toString(referrer_category), '', ''), ('us', utm_source, '', ''), ('um', utm_medium, '', ''), ('uc', utm_campaign, '', ''), ('ut', utm_term, '', ''), ('uco', utm_content, '', ''), ('bot', toString(bot_reason), '', ''), ('variant', variant_id, '', '')])`;
const where = "account_id={acct:String} AND clicked_at >= '2026-05-01 00:00:00'";
export default [
 ["count acct 180d", `SELECT count() FROM clicks_v1 WHERE ${where}`],
 ["one breakdown country", `SELECT country, ${agg} FROM clicks_v1 WHERE ${where} GROUP BY country ORDER BY c DESC LIMIT 50`],
 ["one breakdown city", `SELECT city, country, region, ${agg} FROM clicks_v1 WHERE ${where} GROUP BY city, country, region ORDER BY c DESC LIMIT 50`],
 ["arrayJoin all", `SELECT d.1 dim, d.2 val, d.3 c1, d.4 r1, ${agg} FROM clicks_v1 WHERE ${where} GROUP BY ${dims} AS d ORDER BY dim, c DESC LIMIT 50 BY dim`],
 ["grouping sets all", `SELECT country, region, city, device_type, browser, os, referrer_host, referrer_category, utm_source, utm_medium, utm_campaign, utm_term, utm_content, bot_reason, variant_id, ${agg} FROM clicks_v1 WHERE ${where} GROUP BY GROUPING SETS ((country), (country, region), (country, region, city), (device_type), (browser), (os), (referrer_host), (referrer_category), (utm_source), (utm_medium), (utm_campaign), (utm_term), (utm_content), (bot_reason), (variant_id)) ORDER BY c DESC LIMIT 5`],
 ["grouping sets all, no uniq", `SELECT country, region, city, device_type, browser, os, referrer_host, referrer_category, utm_source, utm_medium, utm_campaign, utm_term, utm_content, bot_reason, variant_id, countIf(${H}) c FROM clicks_v1 WHERE ${where} GROUP BY GROUPING SETS ((country), (country, region), (country, region, city), (device_type), (browser), (os), (referrer_host), (referrer_category), (utm_source), (utm_medium), (utm_campaign), (utm_term), (utm_content), (bot_reason), (variant_id)) ORDER BY c DESC LIMIT 5`],
];
