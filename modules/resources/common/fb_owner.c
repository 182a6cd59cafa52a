/*
 * fb_owner: the rule of what only an Owner may do (fb_owner.h).
 */
#include "apr_strings.h"

#include "fb_owner.h"
#include "fb_perm.h"
#include "fb_resource.h"

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
        const char *theirs = fb_rows_get(&rows, i, 0);
        fb_perms_t beyond = fb_perm_from_json(fb_rows_get(&rows, i, 1))
                            & ~fr->principal.perms;

        if (theirs != NULL) {
            fb_write_fail(w, unseen != NULL
                ? fb_error_make(fr->pool, *unseen, "id", NULL)
                : fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                                NULL, theirs));
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
