-- 044: an Idempotency-Key's claim remembers the PostgreSQL server it was
-- made under (its postmaster's start time).
--
-- A 'running' claim whose request died was taken over only after its
-- 10 s lease, so after a database crash or a failover every write that
-- was in flight answered 409 to its retries for up to 10 s.  A claim made
-- under a server that is no longer the one running (restarted since, or
-- replaced by a promoted standby) belongs to a request that cannot
-- commit any more: its connection died with that server.  Such a claim
-- is taken over at once (modules/http/fb_idempotency.c, idem_claim).
ALTER TABLE idempotency_keys
    ADD COLUMN claimed_under timestamptz NOT NULL
        DEFAULT pg_postmaster_start_time();
