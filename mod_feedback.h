/*
 * mod_feedback's public interface to other modules.
 *
 * Only what another module may rely on is here; everything else is
 * internal and may change.  The functions are APR optional functions:
 * a module retrieves them in its optional_fn_retrieve hook with
 * APR_RETRIEVE_OPTIONAL_FN(name) and gets NULL when mod_feedback is not
 * loaded, so it needs no link-time dependency on mod_feedback.so.
 */
#ifndef MOD_FEEDBACK_H
#define MOD_FEEDBACK_H

#include "apr_optional.h"

/*
 * The SQL text of the statement mod_feedback registered as label, with
 * apr_dbd's placeholders (%s, %d, ...), exactly as mod_feedback passes it
 * to apr_dbd_prepare; NULL when label is unknown or before the
 * configuration has been read (post_config).  The text belongs to
 * mod_feedback and stays valid until the configuration is reloaded.
 *
 * mod_feedback prepares its statements itself on each pooled connection
 * under their labels: a module preparing the text on the same connection
 * must use another name.  Used by the benchmark's reference handler
 * (bench/mod_fbref.c) to run the very SQL the API runs.
 */
APR_DECLARE_OPTIONAL_FN(const char *, feedback_statement_sql,
                        (const char *label));

#endif
