/*
 * ticket_checks: what creating and updating a ticket share: the ticket
 * number of a path, its status, its assignee and company, its custom
 * field values.
 */
#include <string.h>

#include "apr_strings.h"

#include "custom_fields/field_values.h"
#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "ticket_files.h"

/* The given status, or the default one when none is given (NULL); the
 * organization and the status are bound once, by name, in k. */
FB_SQL(ticket_c_status, 1,
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS status) "
    "SELECT s.id FROM ticket_statuses s, k WHERE s.org_id = k.org_id "
    "AND (s.id = k.status OR (k.status IS NULL AND s.is_default))");

FB_SQL(ticket_c_company, 1,
    "SELECT id FROM companies WHERE org_id = %s AND id = %s");

const fb_statement_t *const fb_ticket_check_statements[] = {
    &fb_sql_ticket_c_status, &fb_sql_ticket_c_company, NULL
};

/* Leading zeros name the same number; at most 15 digits stay exact in
 * a JSON number. */
static int fb_ticket_number_valid(const char *s)
{
    apr_size_t n;

    s += strspn(s, "0");
    n = strspn(s, "0123456789");
    return n > 0 && n <= 15 && s[n] == '\0';
}

const fb_field_format_t fb_format_ticket_number = {
    .valid = fb_ticket_number_valid,
    .what = "a ticket number: a positive integer",
    .pattern = "^0*[1-9][0-9]{0,14}$",
    .min = 1,
};

const fb_path_rule_t fb_ticket_path[] = {
    {.name = "id", .format = &fb_format_ticket_number},
    {.name = NULL}
};

fb_error_t *fb_ticket_number(fb_req_t *fr, const char **number)
{
    const char *s = fb_req_param(fr, "id");

    if (s == NULL || !fb_ticket_number_valid(s)) {
        *number = NULL;
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             apr_pstrcat(fr->pool, "The id must be ",
                                         fb_format_ticket_number.what, ".",
                                         NULL));
    }
    *number = s + strspn(s, "0");
    return NULL;
}

fb_error_t *fb_ticket_status(fb_req_t *fr, fb_ticket_draft_t *d, int dflt)
{
    const char *given = fb_id_normalize(fr->pool, fb_json_string(
                                            fr->body, "statusId"));
    fb_rows_t rows;
    fb_error_t *err;

    d->status_id = NULL;
    if (given == NULL && !dflt) {
        return NULL;
    }
    err = fb_req_select(fr, &fb_sql_ticket_c_status, FB_ARGS(given),
                        &rows);
    if (err != NULL) {
        return err;
    }
    d->status_id = fb_rows_get(&rows, 0, 0);
    if (d->status_id == NULL) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "statusId",
                             given ? "Ticket status not found."
                                   : "The organization has no default "
                                     "ticket status.");
    }
    return NULL;
}

/* *out: the id the body gives for field, found by st; NULL when not
 * given (or null), 404 kind when the organization has none. */
static fb_error_t *fb_ticket_ref(fb_req_t *fr, const char *field,
                                 const fb_statement_t *st, fb_error_e kind,
                                 const char **out)
{
    const char *given = fb_id_normalize(fr->pool, fb_json_string(
                                            fr->body, field));
    fb_error_t *err;

    *out = NULL;
    if (given == NULL) {
        return NULL;
    }
    if ((err = fb_resource_lookup(fr, st, given, out)) != NULL) {
        return err;
    }
    return *out ? NULL : fb_error_make(fr->pool, kind, field, NULL);
}

fb_error_t *fb_ticket_people(fb_req_t *fr, fb_ticket_draft_t *d)
{
    fb_error_t *err = fb_ticket_ref(fr, "assigneeId", &fb_sql_people_admin,
                                    FB_E_ADMIN_NOT_FOUND, &d->assignee_id);

    return err ? err : fb_ticket_ref(fr, "companyId",
                                     &fb_sql_ticket_c_company,
                                     FB_E_COMPANY_NOT_FOUND,
                                     &d->company_id);
}

fb_error_t *fb_ticket_custom_fields(fb_req_t *fr, fb_ticket_draft_t *d,
                                    const char *existing)
{
    fb_field_values_t fv = {"ticket", "category", d->category_fields,
                            fb_ticket_file_value, d->files};

    return fb_field_values_check(fr, &fv, existing, &d->custom_fields);
}
