const dims = `arrayJoin([('country', country, '', ''), ('region', region, country, ''), ('city', city, country, region), ('device', toString(device_type), '', ''), ('browser', toString(browser), '', ''), ('os', toString(os), '', ''), ('rhost', referrer_host, '', ''), ('rcat', toString(referrer_category), '', ''), ('us', utm_source, '', ''), ('um', utm_medium, '', ''), ('uc', utm_campaign, '', ''), ('ut', utm_term, '', ''), ('uco', utm_content, '', ''), ('bot', toString(bot_reason), '', ''), ('variant', variant_id, '', '')])`;
export default [
 ["link-day-dim rows", `SELECT count() FROM (SELECT DISTINCT account_id, link_id, toDate(clicked_at), ${dims} AS d FROM clicks_v1)`],
 ["account-campaign-day-dim rows", `SELECT count() FROM (SELECT DISTINCT account_id, campaign_id, toDate(clicked_at), ${dims} AS d FROM clicks_v1)`],
 ["account-hour-dim rows", `SELECT count() FROM (SELECT DISTINCT account_id, toStartOfHour(clicked_at), ${dims} AS d FROM clicks_v1)`],
 ["link-day rows", `SELECT count() FROM (SELECT DISTINCT account_id, link_id, toDate(clicked_at) FROM clicks_v1)`],
 ["account-campaign-hour rows", `SELECT count() FROM (SELECT DISTINCT account_id, campaign_id, toStartOfHour(clicked_at) FROM clicks_v1)`],
 ["links per account", `SELECT account_id, uniqExact(link_id) n FROM clicks_v1 GROUP BY account_id ORDER BY n DESC LIMIT 3`],
];
