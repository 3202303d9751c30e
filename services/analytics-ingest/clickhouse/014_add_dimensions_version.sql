-- The set of dimensions a day was rolled up with (src/rollups/dimension-values.ts). The QR
-- dimensions (qr, qrCountry, qrDeviceType) joined the job-written rollups with version 1: a day
-- rolled up before (version 0, this column's default) holds none of their rows, so reports read
-- it from clicks_v1 and the rollup job rolls it up again, as it does a day with late clicks. A
-- replica of the earlier version that rolls a day during a rolling upgrade writes version 0 again:
-- the day is rolled once more by a later replica.
ALTER TABLE dimension_days_v1 ADD COLUMN IF NOT EXISTS dimensions_version UInt16 DEFAULT 0;
