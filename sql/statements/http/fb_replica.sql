-- The statements of modules/http/fb_replica.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- fb_replica_state (global; no placeholders)
SELECT pg_is_in_recovery()::text,
       (coalesce(pg_last_wal_replay_lsn(), '0/0') - '0/0')::text,
       (CASE WHEN pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn()
               AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver
                           WHERE coalesce(status, 'streaming')
                                 = 'streaming')
             THEN 0
             ELSE greatest(0, coalesce((extract(epoch FROM
                    now() - pg_last_xact_replay_timestamp()) * 1000)
                    ::bigint, 0)) END)::text;

-- fb_replica_written (global; no placeholders)
SELECT (pg_current_wal_insert_lsn() - '0/0')::text;
