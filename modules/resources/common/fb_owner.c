/*
 * fb_owner: the rule of what only an Owner may do (fb_owner.h).
 */
#include "apr_strings.h"

#include "fb_owner.h"
#include "fb_perm.h"
#include "fb_resource.h"
#include "fb_rule_text.h"

/* What an owners statement's rows name (fb_owner.h), as the 403 says
 * it. */
static const fb_rule_text_t fb_owner_texts[] = {
    {"owner_role", "Only an Owner may ask to change or delete the Owner "
     "role."},
    {"owner", "Only an Owner may change or remove an Owner."},
    {"owner_role_given", "Only an Owner may give the Owner role."},
    {"owner_key", "An Owner's key."},
    {NULL, NULL}
};

const char *fb_owner_reader(const fb_req_t *fr)
{
    return fb_bool_text(fr->principal.owner);
}

/* The first flag of perms (not 0), by its API name. */
static const char *fb_owner_first_flag(fb_perms_t perms)
{
    int flag = 0;

    while (!(perms & FB_PERM_BIT(flag))) {
        flag++;
    }
    return fb_perm_name(flag);
}

/* The answer to row i of an owners statement's rows, which names an
 * Owner's. */
static fb_error_t *fb_owner_refusal(fb_req_t *fr, const fb_rows_t *rows,
                                    int i, const fb_error_e *unseen)
{
    fb_rows_t row = {.nrows = 1, .ncols = rows->ncols,
                     .cells = rows->cells + i * rows->ncols};
    const char *text;

    if (unseen != NULL) {
        return fb_error_make(fr->pool, *unseen, "id", NULL);
    }
    text = fb_rule_text(fr, fb_owner_texts, &row, 0, NULL);
    return text != NULL
        ? fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS, NULL, text)
        : fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
}

void fb_owner_check(fb_write_t *w, const fb_statement_t *owners,
                    fb_args_t args, const fb_error_e *unseen)
{
    fb_req_t *fr = w->fr;
    fb_rows_t rows;
    int i;

    if (fr->principal.owner || !fb_write_select(w, owners, args, &rows)) {
        return;
    }
    for (i = 0; i < rows.nrows; i++) {
        fb_perms_t beyond = fb_perm_from_json(fb_rows_get(&rows, i, 1))
                            & ~fr->principal.perms;

        if (fb_rows_get(&rows, i, 0) != NULL) {
            fb_write_fail(w, fb_owner_refusal(fr, &rows, i, unseen));
            return;
        }
        if (beyond != 0) {
            fb_write_fail(w, fb_error_make(
                fr->pool, FB_E_INSUFFICIENT_PERMISSIONS, NULL,
                apr_psprintf(fr->pool, "Only an Owner may give the '%s' "
                             "permission, which the API key's role lacks.",
                             fb_owner_first_flag(beyond))));
            return;
        }
    }
}
