-- The statements of modules/http/fb_dbd.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- fb_schema_version (global; no placeholders)
SELECT coalesce(max(version), 0)::text FROM schema_version;

-- fb_dbd_budget_set (global; varchar)
WITH old AS MATERIALIZED (
  SELECT current_setting('statement_timeout') AS statement_timeout,
         current_setting('max_parallel_workers_per_gather')
           AS parallel_workers, current_setting('jit') AS jit)
SELECT old.statement_timeout, old.parallel_workers, old.jit,
       set_config('statement_timeout', $1, false),
       set_config('max_parallel_workers_per_gather', '0', false),
       set_config('jit', 'off', false)
FROM old;

-- fb_dbd_budget_reset (global; varchar, varchar, varchar) named (statement_timeout, parallel_workers, jit)
SELECT set_config('statement_timeout', k.statement_timeout, false),
       set_config('max_parallel_workers_per_gather',
                  k.parallel_workers, false),
       set_config('jit', k.jit, false)
FROM (SELECT $1::text AS statement_timeout,
  $2::text AS parallel_workers, $3::text AS jit) k;
