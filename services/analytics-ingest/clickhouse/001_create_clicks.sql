-- Raw clicks: one row per request the redirector answered for a tracked link (HEAD requests and
-- bots included, flagged). The visitor's IP is never stored: only the country / region / city
-- derived from it and a daily-salted visitor hash.
-- Ordered for per-account / per-link time scans; partitioned by month; each row expires after
-- its account's plan retention at ingest time (retention_days).
-- The dedup window makes a re-inserted batch (same insert token) a no-op.
CREATE TABLE IF NOT EXISTS clicks_v1
(
    click_id UUID,
    clicked_at DateTime64(3, 'UTC'),
    account_id String,
    link_id String,
    host LowCardinality(String),
    code String,
    destination_url String,
    campaign_id String,
    qr Bool,
    ab_test_id String,
    variant_id String,
    method LowCardinality(String),
    is_bot Bool,
    bot_reason LowCardinality(String),
    device_type LowCardinality(String),
    browser LowCardinality(String),
    browser_version String,
    os LowCardinality(String),
    os_version String,
    country LowCardinality(String),
    region String,
    city String,
    referrer String,
    referrer_host String,
    referrer_category LowCardinality(String),
    utm_source String,
    utm_medium String,
    utm_campaign String,
    utm_term String,
    utm_content String,
    user_agent String,
    visitor_hash UInt64,
    retention_days UInt16,
    INDEX idx_click_id click_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(clicked_at)
ORDER BY (account_id, link_id, clicked_at)
TTL toDateTime(clicked_at) + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;
