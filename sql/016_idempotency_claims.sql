-- 016: an Idempotency-Key's write commits together with its record.
--
-- Before, the record said 'running' until the answer was stored just
-- after the write's COMMIT, so a process (or the database) dying between
-- the two left a write that had happened under a key that still looked
-- unfinished.  Now the write's own transaction moves the record to
-- 'committed', fenced by the claim that started it: the key's state and
-- the write commit together or not at all.  A 'running' claim whose
-- request died (no commit can follow once another claim took over, since
-- the fence no longer matches) may be taken over after a short lease.

ALTER TABLE idempotency_keys
    ADD COLUMN claim text NOT NULL DEFAULT encode(gen_random_bytes(12), 'hex'),
    ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now(),
    DROP CONSTRAINT idempotency_keys_state_check,
    ADD CONSTRAINT idempotency_keys_state_check
        CHECK (state IN ('running', 'committed', 'done'));
