-- The redirect rule that chose the click's destination ('' for the link's own URL, a deep link or
-- an A/B variant, and for clicks stored before this column): what analytics per rule count.
ALTER TABLE clicks_v1 ADD COLUMN IF NOT EXISTS rule_id String DEFAULT '' AFTER ab_visitor;
