-- Link references: the (code, host) a link was clicked under, one row per link and host, so a
-- report naming a link by its short code finds the account's clicked links without reading click
-- history. Fed by a view on clicks_v1 and backfilled from it (this file's last statement).
CREATE TABLE IF NOT EXISTS link_refs_v1
(
    account_id String,
    code String,
    host LowCardinality(String),
    link_id String,
    last_click_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    retention_days SimpleAggregateFunction(max, UInt16)
)
ENGINE = AggregatingMergeTree
ORDER BY (account_id, code, host, link_id)
TTL toDateTime(last_click_at) + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS link_refs_mv_v1 TO link_refs_v1 AS
SELECT account_id, code, host, link_id, max(clicked_at) AS last_click_at, max(retention_days) AS retention_days
FROM clicks_v1
GROUP BY account_id, code, host, link_id;

INSERT INTO link_refs_v1
SELECT account_id, code, host, link_id, max(clicked_at), max(retention_days)
FROM clicks_v1
GROUP BY account_id, code, host, link_id;
