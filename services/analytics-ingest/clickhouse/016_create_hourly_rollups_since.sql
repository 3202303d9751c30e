-- From when the insert-fed hourly rollups (017-019) hold every request: the UTC midnight before
-- the day they were created on. Each of them is filled from clicks_v1 back to this instant by its
-- own file (a day not rolled up yet, yesterday's included, is then answered from it at once);
-- earlier requests are only in clicks_v1 and the job-written rollups, and a report reads days
-- before it from those as it did before (src/queries/plan-reads.ts). One row, written once.
CREATE TABLE IF NOT EXISTS hourly_rollups_since_v1
(
    since DateTime('UTC')
)
ENGINE = MergeTree
ORDER BY tuple();

INSERT INTO hourly_rollups_since_v1
SELECT toStartOfDay(now('UTC')) - toIntervalDay(1)
WHERE (SELECT count() FROM hourly_rollups_since_v1) = 0;
