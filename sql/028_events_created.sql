-- 028: every write with an event inserted into events_created, an index
-- on (created_at, id) that no statement reads: deliveries find their
-- event by its key, and the tests read an organization's events through
-- the primary key.  Dropped; a sweep of old events would bring back an
-- index of its own.
DROP INDEX events_created;
