-- The dedup token of the insert that stored each click ('' for clicks stored before this column).
-- When a click arrives again and is found stored, the insert that stored it is read back by this
-- token and sent once more with it: the table drops the whole block as a duplicate, and each
-- materialized view whose target missed it (the process died between the table's insert and the
-- views') adds it, once (src/ingest/replay-stored-inserts.ts). A batch's rows share one token, so
-- the column compresses to almost nothing; the bloom filter finds a token's granules without
-- reading the table.
ALTER TABLE clicks_v1 ADD COLUMN IF NOT EXISTS ingest_token String DEFAULT '';
ALTER TABLE clicks_v1 ADD INDEX IF NOT EXISTS idx_ingest_token ingest_token TYPE bloom_filter(0.001) GRANULARITY 1;
