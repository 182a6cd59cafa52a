-- The statements of modules/jobs/fb_sweep_rollups.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- sweep_report_rollups (global; integer)
WITH k AS (SELECT $1::integer AS batch)
SELECT g FROM k, generate_series(1,
  fb_report_fold_first_reply(k.batch,
    date_trunc('hour', now(), 'UTC'))
  + fb_report_fold(k.batch, date_trunc('hour', now(), 'UTC'))) g;
