-- Per link and finished day, what the UTM link list and the QR report's links need besides the
-- totals: human clicks with any UTM parameter (the list's ranking), and the link's QR requests
-- alone (bots, HEAD requests, unique visitors; its QR scans are qr_scans), with the latest of
-- them and its destination. Days rolled up before hold zeros: they are rolled up again
-- (dimensions_version, 014), and read from clicks_v1 until then.
ALTER TABLE link_days_v1
    ADD COLUMN IF NOT EXISTS tagged_clicks UInt64 DEFAULT 0,
    ADD COLUMN IF NOT EXISTS qr_bots UInt64 DEFAULT 0,
    ADD COLUMN IF NOT EXISTS qr_head_requests UInt64 DEFAULT 0,
    ADD COLUMN IF NOT EXISTS qr_visitors UInt64 DEFAULT 0,
    ADD COLUMN IF NOT EXISTS last_qr_at DateTime64(3, 'UTC') DEFAULT 0,
    ADD COLUMN IF NOT EXISTS qr_destination_url String DEFAULT '';
