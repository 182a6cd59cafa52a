/*
 * fb_sweep_rollups: the sweep "report rollups" (fb_jobs.c): the delta
 * rows the writes add to the reports' rollups (sql/041) folded, for the
 * hours before the current one, into one row per key, so that a report
 * reads about one row per hour and attribute values however often its
 * conversations changed; the same statements add what they fold to the
 * rollups' days and months (sql/047), which only the fold keeps.
 * Across organizations, as every sweep; the answer is one row per delta
 * row folded (at most the batch of each rollup), which is how the worker
 * knows a batch was full.
 */
#include "fb_db.h"

/* Both folds pass the rollups' gate (fb_report_gate, sql/047) shared
 * before they touch a table, as the writes' triggers do, and
 * fb_report_rebuild takes it exclusively: no two wait for each other in
 * a cycle whatever order they take the tables in. */
FB_SQL_GLOBAL(sweep_report_rollups, 1,
    "WITH k AS (SELECT %d::integer AS batch) "
    "SELECT g FROM k, generate_series(1, "
    "  fb_report_fold_first_reply(k.batch, "
    "    date_trunc('hour', now(), 'UTC')) "
    "  + fb_report_fold(k.batch, date_trunc('hour', now(), 'UTC'))) g");

const fb_statement_t *const fb_sweep_rollups_statements[] = {
    &fb_sql_sweep_report_rollups, NULL
};
