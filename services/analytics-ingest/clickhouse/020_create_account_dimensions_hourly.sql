-- Per account (campaign_id '*') or campaign, dimension, hour and breakdown value, aggregated as
-- clicks are inserted: account-wide and campaign breakdowns and QR reports for the hours no
-- job-written rollup answers (the dimensions and columns of link_dimensions_hourly_v2). Two
-- views: every request under '*', a campaign link's requests once more under their campaign.
-- Ordered by dimension before hour, as the job's account_dimensions_daily_v1 is: a report reads a
-- few dimensions of an account's hours, and with the hour first it read (and merged the visitor
-- states of) every dimension's rows of those hours (the busiest account's country and referrer
-- rows of one hour: 57 ms in make bench-analytics' today scenario instead of ~10). Filled from
-- clicks_v1 back to hourly_rollups_since_v1 (016).
CREATE TABLE IF NOT EXISTS account_dimensions_hourly_v2
(
    account_id String,
    campaign_id String,
    hour DateTime('UTC'),
    dimension LowCardinality(String),
    value String,
    parent_country LowCardinality(String),
    parent_region String,
    retention_days UInt16,
    clicks SimpleAggregateFunction(sum, UInt64),
    bots SimpleAggregateFunction(sum, UInt64),
    head_requests SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqExact, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (account_id, campaign_id, dimension, hour, value, parent_country, parent_region, retention_days)
TTL hour + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS account_dimensions_hourly_mv_v2 TO account_dimensions_hourly_v2 AS
SELECT
    account_id,
    '*' AS campaign_id,
    toStartOfHour(clicked_at) AS hour,
    d.1 AS dimension,
    d.2 AS value,
    d.3 AS parent_country,
    d.4 AS parent_region,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors
FROM clicks_v1
ARRAY JOIN
    arrayFilter(x -> x.5, [
        ('country', toString(country), '', '', true),
        ('region', region, toString(country), '', true),
        ('city', city, toString(country), region, true),
        ('deviceType', toString(device_type), '', '', true),
        ('browser', toString(browser), '', '', true),
        ('os', toString(os), '', '', true),
        ('referrerHost', referrer_host, '', '', true),
        ('referrerCategory', toString(referrer_category), '', '', true),
        ('utmSource', utm_source, '', '', utm_source != ''),
        ('utmMedium', utm_medium, '', '', utm_medium != ''),
        ('utmCampaign', utm_campaign, '', '', utm_campaign != ''),
        ('utmTerm', utm_term, '', '', utm_term != ''),
        ('utmContent', utm_content, '', '', utm_content != ''),
        ('botReason', toString(bot_reason), '', '', (method != 'HEAD' AND is_bot)),
        ('variant', variant_id, '', '', variant_id != ''),
        ('tagged', '', '', '', (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')),
        ('qr', '', '', '', qr),
        ('qrCountry', toString(country), '', '', qr),
        ('qrDeviceType', toString(device_type), '', '', qr)
    ]) AS d
GROUP BY account_id, campaign_id, hour, dimension, value, parent_country, parent_region, retention_days;

CREATE MATERIALIZED VIEW IF NOT EXISTS campaign_dimensions_hourly_mv_v2 TO account_dimensions_hourly_v2 AS
SELECT
    account_id,
    campaign_id AS campaign_id,
    toStartOfHour(clicked_at) AS hour,
    d.1 AS dimension,
    d.2 AS value,
    d.3 AS parent_country,
    d.4 AS parent_region,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors
FROM clicks_v1
ARRAY JOIN
    arrayFilter(x -> x.5, [
        ('country', toString(country), '', '', true),
        ('region', region, toString(country), '', true),
        ('city', city, toString(country), region, true),
        ('deviceType', toString(device_type), '', '', true),
        ('browser', toString(browser), '', '', true),
        ('os', toString(os), '', '', true),
        ('referrerHost', referrer_host, '', '', true),
        ('referrerCategory', toString(referrer_category), '', '', true),
        ('utmSource', utm_source, '', '', utm_source != ''),
        ('utmMedium', utm_medium, '', '', utm_medium != ''),
        ('utmCampaign', utm_campaign, '', '', utm_campaign != ''),
        ('utmTerm', utm_term, '', '', utm_term != ''),
        ('utmContent', utm_content, '', '', utm_content != ''),
        ('botReason', toString(bot_reason), '', '', (method != 'HEAD' AND is_bot)),
        ('variant', variant_id, '', '', variant_id != ''),
        ('tagged', '', '', '', (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')),
        ('qr', '', '', '', qr),
        ('qrCountry', toString(country), '', '', qr),
        ('qrDeviceType', toString(device_type), '', '', qr)
    ]) AS d
WHERE campaign_id != ''
GROUP BY account_id, campaign_id, hour, dimension, value, parent_country, parent_region, retention_days;

INSERT INTO account_dimensions_hourly_v2
SELECT
    account_id,
    '*' AS campaign_id,
    toStartOfHour(clicked_at) AS hour,
    d.1 AS dimension,
    d.2 AS value,
    d.3 AS parent_country,
    d.4 AS parent_region,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors
FROM clicks_v1
ARRAY JOIN
    arrayFilter(x -> x.5, [
        ('country', toString(country), '', '', true),
        ('region', region, toString(country), '', true),
        ('city', city, toString(country), region, true),
        ('deviceType', toString(device_type), '', '', true),
        ('browser', toString(browser), '', '', true),
        ('os', toString(os), '', '', true),
        ('referrerHost', referrer_host, '', '', true),
        ('referrerCategory', toString(referrer_category), '', '', true),
        ('utmSource', utm_source, '', '', utm_source != ''),
        ('utmMedium', utm_medium, '', '', utm_medium != ''),
        ('utmCampaign', utm_campaign, '', '', utm_campaign != ''),
        ('utmTerm', utm_term, '', '', utm_term != ''),
        ('utmContent', utm_content, '', '', utm_content != ''),
        ('botReason', toString(bot_reason), '', '', (method != 'HEAD' AND is_bot)),
        ('variant', variant_id, '', '', variant_id != ''),
        ('tagged', '', '', '', (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')),
        ('qr', '', '', '', qr),
        ('qrCountry', toString(country), '', '', qr),
        ('qrDeviceType', toString(device_type), '', '', qr)
    ]) AS d
WHERE clicked_at >= (SELECT max(since) FROM hourly_rollups_since_v1)
GROUP BY account_id, campaign_id, hour, dimension, value, parent_country, parent_region, retention_days;

INSERT INTO account_dimensions_hourly_v2
SELECT
    account_id,
    campaign_id AS campaign_id,
    toStartOfHour(clicked_at) AS hour,
    d.1 AS dimension,
    d.2 AS value,
    d.3 AS parent_country,
    d.4 AS parent_region,
    retention_days,
    countIf(method != 'HEAD' AND NOT is_bot) AS clicks,
    countIf(method != 'HEAD' AND is_bot) AS bots,
    countIf(method = 'HEAD') AS head_requests,
    uniqExactStateIf(visitor_hash, method != 'HEAD' AND NOT is_bot) AS visitors
FROM clicks_v1
ARRAY JOIN
    arrayFilter(x -> x.5, [
        ('country', toString(country), '', '', true),
        ('region', region, toString(country), '', true),
        ('city', city, toString(country), region, true),
        ('deviceType', toString(device_type), '', '', true),
        ('browser', toString(browser), '', '', true),
        ('os', toString(os), '', '', true),
        ('referrerHost', referrer_host, '', '', true),
        ('referrerCategory', toString(referrer_category), '', '', true),
        ('utmSource', utm_source, '', '', utm_source != ''),
        ('utmMedium', utm_medium, '', '', utm_medium != ''),
        ('utmCampaign', utm_campaign, '', '', utm_campaign != ''),
        ('utmTerm', utm_term, '', '', utm_term != ''),
        ('utmContent', utm_content, '', '', utm_content != ''),
        ('botReason', toString(bot_reason), '', '', (method != 'HEAD' AND is_bot)),
        ('variant', variant_id, '', '', variant_id != ''),
        ('tagged', '', '', '', (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')),
        ('qr', '', '', '', qr),
        ('qrCountry', toString(country), '', '', qr),
        ('qrDeviceType', toString(device_type), '', '', qr)
    ]) AS d
WHERE campaign_id != '' AND clicked_at >= (SELECT max(since) FROM hourly_rollups_since_v1)
GROUP BY account_id, campaign_id, hour, dimension, value, parent_country, parent_region, retention_days;
