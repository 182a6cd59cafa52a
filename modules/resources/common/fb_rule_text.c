/*
 * fb_rule_text: a rule's sentence, filled from a check's rows
 * (fb_rule_text.h).
 */
#include <string.h>

#include "fb_rule_text.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_log.h"

/* The values of every row of rule, quoted and joined ({values}). */
static const char *fb_rule_values(apr_pool_t *p, const fb_rows_t *rows,
                                  int rule_col, const char *rule)
{
    const char *list = NULL;
    int i;

    for (i = 0; i < rows->nrows; i++) {
        const char *r = fb_rows_get(rows, i, rule_col);
        const char *v = fb_rows_get(rows, i, rule_col + 1);

        if (r != NULL && strcmp(r, rule) == 0) {
            v = apr_pstrcat(p, "'", v != NULL ? v : "", "'", NULL);
            list = list != NULL ? apr_pstrcat(p, list, ", ", v, NULL) : v;
        }
    }
    return list != NULL ? list : "";
}

/* text with its placeholders filled, in one pass: a value that holds
 * braces is not read again. */
static const char *fb_rule_fill(apr_pool_t *p, const char *text,
                                const fb_rows_t *rows, int rule_col,
                                const char *rule, const char *param)
{
    const char *value = fb_rows_get(rows, 0, rule_col + 1);
    const char *out = "", *at, *end;

    while ((at = strchr(text, '{')) != NULL
           && (end = strchr(at, '}')) != NULL) {
        const char *name = apr_pstrmemdup(p, at + 1,
                                          (apr_size_t)(end - at - 1));
        const char *with;

        if (strcmp(name, "value") == 0) {
            with = value;
        }
        else if (strcmp(name, "param") == 0) {
            with = param;
        }
        else if (strcmp(name, "values") == 0) {
            with = fb_rule_values(p, rows, rule_col, rule);
        }
        else {
            with = apr_pstrmemdup(p, at, (apr_size_t)(end - at + 1));
        }
        out = apr_pstrcat(p, out, apr_pstrmemdup(p, text,
                                                 (apr_size_t)(at - text)),
                          with != NULL ? with : "", NULL);
        text = end + 1;
    }
    return apr_pstrcat(p, out, text, NULL);
}

const char *fb_rule_text(fb_req_t *fr, const fb_rule_text_t *table,
                         const fb_rows_t *rows, int rule_col,
                         const char *param)
{
    const char *rule = fb_rows_get(rows, 0, rule_col);

    for (; rule != NULL && table != NULL && table->rule != NULL; table++) {
        if (strcmp(table->rule, rule) == 0) {
            return fb_rule_fill(fr->pool, table->text, rows, rule_col, rule,
                                param);
        }
    }
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00470)
                  "no text for the rule '%s' a check found broken",
                  rule != NULL ? rule : "(null)");
    return NULL;
}

const char *fb_rule_text_of(fb_req_t *fr, const fb_rule_text_t *table,
                            const char *rule, const char *value)
{
    const char *cells[2];
    fb_rows_t rows = {.nrows = 1, .ncols = 2, .cells = cells};

    cells[0] = rule;
    cells[1] = value;
    return fb_rule_text(fr, table, &rows, 0, NULL);
}
