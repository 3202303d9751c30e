-- The insert-fed hourly rollups are read for the last seven UTC days only (today and the six
-- before it, src/analytics/analytics-reader.ts HOURLY_ROLLUP_DAYS): older days the job has not
-- rolled up (stale through late clicks) are read from clicks_v1, as before the rollups existed.
-- So their rows need not live for the plan's whole retention: eight days (one of margin), or the
-- retention when it is shorter. At 1 M clicks over 180 days they held ~250 MB against clicks_v1's
-- 82 MB.
ALTER TABLE link_hours_v1 MODIFY TTL hour + toIntervalDay(least(retention_days, 8));

ALTER TABLE link_dimensions_hourly_v2 MODIFY TTL hour + toIntervalDay(least(retention_days, 8));

ALTER TABLE account_dimensions_hourly_v2 MODIFY TTL hour + toIntervalDay(least(retention_days, 8));
