/*
 * report_values: POST /v2/reports/filter-values (the official client's
 * reports.lookupFilterValues): the values of an attribute that
 * supportsValueLookup, narrowed by query, with the labels of
 * selectedValues first.  An attribute with static options answers from
 * them; one whose values are the organization's objects (tags, teammates,
 * teams, brands, ticket categories and statuses, companies, boards, post
 * statuses and tags) from the statement here.
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_json.h"
#include "fb_jsonw.h"
#include "reports.h"

/* The organization's objects an attribute's values name: (id, name,
 * selected), the selected first, then by name; q a part of the name
 * (NULL: any), selected a jsonb array of ids. */
FB_SQL_NAMED(report_values, (form, q, selected, limit),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS form, %s::text AS q, %s::jsonb AS selected), "
    "named AS ("
    "  SELECT x.id, x.name FROM conversation_tags x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'conversation.tags' "
    "  UNION ALL SELECT x.id, x.name FROM teams x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'conversation.team' "
    "  UNION ALL SELECT x.id, x.name FROM admins x, k "
    "  WHERE x.org_id = k.org_id AND k.form IN ('conversation.assignee', "
    "    'reply.admin', 'ticket.assignee') "
    "  UNION ALL SELECT x.id, x.name FROM brands x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'conversation.brand' "
    "  UNION ALL SELECT x.id, x.name FROM ticket_categories x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'ticket.category' "
    "  UNION ALL SELECT x.id, x.name FROM ticket_statuses x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'ticket.status' "
    "  UNION ALL SELECT x.id, x.name FROM companies x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'ticket.company' "
    "  UNION ALL SELECT x.id, x.name FROM boards x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'post.board' "
    "  UNION ALL SELECT x.id, x.name FROM post_statuses x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'post.status' "
    "  UNION ALL SELECT x.id, x.name FROM tags x, k "
    "  WHERE x.org_id = k.org_id AND k.form = 'post.tags') "
    "SELECT n.id, n.name, coalesce(k.selected ? n.id, false) AS selected "
    "FROM named n, k "
    "WHERE coalesce(k.selected ? n.id, false) OR k.q IS NULL "
    "  OR strpos(lower(n.name), lower(k.q)) > 0 "
    "ORDER BY 3 DESC, lower(n.name), n.id LIMIT %d");

static const fb_statement_t *const fb_report_values_statements[] = {
    &fb_sql_report_values, NULL
};

/* The attribute named id in any dataset (custom ones included). */
static const fb_report_attr_t *rv_attr(const fb_report_custom_t *c,
                                       const char *id)
{
    const fb_report_dataset_t *d;
    const fb_report_attr_t *a;

    for (d = fb_report_datasets; d->id != NULL; d++) {
        if ((a = fb_report_attr(d, c, id)) != NULL) {
            return a;
        }
    }
    return NULL;
}

/* s in lower case (ASCII letters; the options are ours). */
static const char *rv_lower(apr_pool_t *p, const char *s)
{
    char *out = apr_pstrdup(p, s), *c;

    for (c = out; *c != '\0'; c++) {
        *c = (char)apr_tolower(*c);
    }
    return out;
}

/* Whether value or label holds q (any case; NULL: yes). */
static int rv_matches(apr_pool_t *p, const fb_report_option_t *o,
                      const char *q)
{
    const char *lq;

    if (q == NULL) {
        return 1;
    }
    lq = rv_lower(p, q);
    return strstr(rv_lower(p, o->label), lq) != NULL
           || strstr(rv_lower(p, o->value), lq) != NULL;
}

static int rv_selected(json_object *selected, const char *value)
{
    apr_size_t i, n = selected ? json_object_array_length(selected) : 0;

    for (i = 0; i < n; i++) {
        if (strcmp(json_object_get_string(
                       json_object_array_get_idx(selected, i)),
                   value) == 0) {
            return 1;
        }
    }
    return 0;
}

static void rv_option(fb_jsonw_t *w, const char *label, const char *value)
{
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "label", label);
    fb_jsonw_member_string(w, "value", value);
    fb_jsonw_end(w);
}

static fb_error_t *fb_report_filter_values(fb_req_t *fr)
{
    const char *id = fb_json_string(fr->body, "fieldId");
    const char *q = fb_json_string(fr->body, "query");
    json_object *lim = json_object_object_get(fr->body, "limit");
    json_object *selected = json_object_object_get(fr->body,
                                                   "selectedValues");
    long limit = lim ? (long)json_object_get_int64(lim) : 20;
    const fb_report_option_t *o;
    const fb_report_attr_t *a;
    fb_report_custom_t custom;
    fb_rows_t rows;
    fb_jsonw_t w;
    fb_error_t *err;
    long shown = 0, nsel;
    int pass, r;

    if ((err = fb_report_custom_load(fr, &custom)) != NULL) {
        return err;
    }
    a = rv_attr(&custom, id);
    if (a == NULL || !(a->flags & FB_RA_LOOKUP)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "fieldId",
                             apr_psprintf(fr->pool, "'%s' is no attribute "
                                          "that supportsValueLookup (GET "
                                          "/v2/reports/datasets lists "
                                          "them).", id));
    }
    nsel = selected ? (long)json_object_array_length(selected) : 0;
    fb_jsonw_init(&w, fr->pool, 1024);
    fb_jsonw_compact(&w);
    fb_jsonw_key(&w, "data");
    fb_jsonw_array(&w);
    if (a->options != NULL) {
        /* the selected first, then those q matches, up to limit */
        for (pass = 0; pass < 2; pass++) {
            for (o = a->options; o->value != NULL; o++) {
                int sel = rv_selected(selected, o->value);

                if (pass == 0 ? sel
                    : (!sel && shown < limit
                       && rv_matches(fr->pool, o, q))) {
                    rv_option(&w, o->label, o->value);
                    shown += pass;
                }
            }
        }
    }
    else {
        err = fb_req_select(fr, &fb_sql_report_values, FB_NAMED(
            report_values, .form = a->form, .q = q,
            .selected = selected ? json_object_to_json_string_ext(
                selected, JSON_C_TO_STRING_PLAIN) : NULL,
            .limit = apr_ltoa(fr->pool, limit + nsel)), &rows);
        if (err != NULL) {
            return err;
        }
        for (r = 0; r < rows.nrows; r++) {
            int sel = strcmp(fb_rows_get(&rows, r, 2), "t") == 0;

            if (!sel && shown++ >= limit) {
                break;
            }
            rv_option(&w, fb_rows_get(&rows, r, 1),
                      fb_rows_get(&rows, r, 0));
        }
    }
    fb_jsonw_end(&w);
    fb_jsonw_member_string(&w, "object", "list");
    fb_jsonw_end(&w);
    fb_respond(fr, HTTP_OK, fb_jsonw_text(&w, NULL));
    return NULL;
}

static const fb_field_rule_t fb_report_values_rules[] = {
    {.name = "fieldId", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 200},
    {.name = "query", .type = FB_FIELD_STRING, .min = 1, .max = 200},
    {.name = "limit", .type = FB_FIELD_INT, .min = 1, .max = 50},
    {.name = "selectedValues", .type = FB_FIELD_STRING_ARRAY, .min = 0,
     .max = 50, .item_max = 200},
    {.name = NULL}
};

static const fb_op_t fb_report_values_op = {
    .handler = fb_report_filter_values,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_report_values_rules,
};

static const fb_route_t fb_report_values_routes[] = {
    {"POST", "/reports/filter-values", &fb_report_values_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_report_values_module = {
    .name = "report filter values",
    .routes = fb_report_values_routes,
    .statements = fb_report_values_statements,
};
