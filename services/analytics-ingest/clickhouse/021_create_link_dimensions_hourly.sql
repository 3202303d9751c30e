-- Per link, dimension, hour and breakdown value (the dimensions of src/rollups/dimension-values.ts,
-- as the job-written link_dimensions_daily_v1 has them), aggregated as clicks are inserted: a
-- link's breakdowns, QR report and top UTM values for the hours no job-written rollup answers,
-- instead of its raw rows. Unique visitors are uniqExact states (clicks_v1's count), merged per
-- UTC day. A 'qr' row counts a link's QR requests alone (the QR report's totals: its clicks are
-- the scans). Ordered by dimension before hour: a link's devices or referrers report reads only
-- those dimensions' rows of its hours. Filled from clicks_v1 back to hourly_rollups_since_v1.
CREATE TABLE IF NOT EXISTS link_dimensions_hourly_v2
(
    account_id String,
    link_id String,
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
ORDER BY (account_id, link_id, dimension, hour, value, parent_country, parent_region, retention_days)
TTL hour + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS link_dimensions_hourly_mv_v2 TO link_dimensions_hourly_v2 AS
SELECT
    account_id,
    link_id,
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
GROUP BY account_id, link_id, hour, dimension, value, parent_country, parent_region, retention_days;

INSERT INTO link_dimensions_hourly_v2
SELECT
    account_id,
    link_id,
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
GROUP BY account_id, link_id, hour, dimension, value, parent_country, parent_region, retention_days;
