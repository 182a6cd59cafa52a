/*
 * fb_rule_text: the sentences a user reads when a rule checked in SQL
 * refuses a write (docs/decisions.md, "Where a rule lives").
 *
 * A check statement (a managed resource's refs, conflicts, in_use; the
 * Owner rule's owners) returns data: the name of the rule a row breaks,
 * and the value the sentence shows (a name, a count).  The sentence is
 * made here, from the C table of the rule's resource, so that SQL never
 * builds a message and each message is written once, beside its rule.
 *
 * A text may name, in braces:
 *   {value}   the first row's value;
 *   {param}   the member of the body the error names;
 *   {values}  the value of every row of the first row's rule, each in
 *             single quotes, joined by ", " (the boards using a field).
 */
#ifndef FB_RULE_TEXT_H
#define FB_RULE_TEXT_H

#include "fb_request.h"

typedef struct {
    const char *rule;       /* as the check statement names it */
    const char *text;
} fb_rule_text_t;

/*
 * The sentence for the first of rows, whose rule is column rule_col
 * and value column rule_col + 1 (when there is one), from table (ended
 * by a NULL rule); param fills {param}.  NULL, logged (FB00470), when
 * the table has no text for the rule: a build defect the caller
 * answers with a 500.
 */
const char *fb_rule_text(fb_req_t *fr, const fb_rule_text_t *table,
                         const fb_rows_t *rows, int rule_col,
                         const char *param);

/*
 * The sentence for rule with value, from table, where the rule is
 * checked in C (a value against the definition a statement read) rather
 * than by a check statement: the same texts, one table.  NULL (logged)
 * as fb_rule_text.
 */
const char *fb_rule_text_of(fb_req_t *fr, const fb_rule_text_t *table,
                            const char *rule, const char *value);

#endif
