-- The A/B visitor id of an exposure (the redirector's kz_ab_ cookie value), '' for every other
-- click: a test's visitors are its distinct ids, not distinct (address, user agent) hashes, so one
-- person is one visitor however their address changes, and two people behind one NAT are two.
-- Empty strings compress to nothing, so links without tests pay no storage for it.
ALTER TABLE clicks_v1 ADD COLUMN IF NOT EXISTS ab_visitor String DEFAULT '' AFTER variant_id;
