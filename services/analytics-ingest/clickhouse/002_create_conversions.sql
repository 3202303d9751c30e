-- Conversions reported by landing pages (POST /api/v1/conversions), attributed through the click
-- id to the click's link, campaign and A/B variant. conversion_id is deterministic, so a retried
-- report is recognised; the dedup window covers a re-inserted batch.
CREATE TABLE IF NOT EXISTS conversions_v1
(
    conversion_id UUID,
    click_id UUID,
    occurred_at DateTime64(3, 'UTC'),
    clicked_at DateTime64(3, 'UTC'),
    account_id String,
    link_id String,
    host LowCardinality(String),
    code String,
    campaign_id String,
    ab_test_id String,
    variant_id String,
    event_name String,
    value Nullable(Decimal(18, 4)),
    currency LowCardinality(String),
    metadata String,
    retention_days UInt16,
    INDEX idx_conversion_id conversion_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (account_id, link_id, occurred_at)
TTL toDateTime(occurred_at) + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;
