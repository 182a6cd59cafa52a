/*
 * report_filter: a report's filters (the body's "filters": rules and
 * nested and/or groups) checked against the catalog's attributes and
 * compiled into the two jsonb the statements read (report_sql.h): the
 * rules [{f, k, o, t, v}] and the tree of groups naming them by rank
 * (docs/decisions.md, "Reports", "Filters").  Never SQL text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apr_hash.h"
#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_time.h"
#include "fb_utf8.h"
#include "report_sql.h"
#include "reports.h"
#include "report_query.h"

typedef struct {
    apr_pool_t *p;
    const fb_report_dataset_t *d;
    const fb_report_custom_t *custom;
    json_object *rules;         /* [{f, k, o, t, v}] */
    int nrules;
    apr_array_header_t *forms;  /* each rule's attribute's form */
} rq_filter_t;

/* The statements' form of each operator. */
static const char *rq_op_form(unsigned bit)
{
    switch (bit) {
    case FB_ROP_IS: case FB_ROP_IN: case FB_ROP_MEMBER:
        return "in";
    case FB_ROP_IS_NOT: case FB_ROP_NOT_IN: case FB_ROP_NOT_MEMBER:
        return "nin";
    case FB_ROP_CONTAINS:
        return "has";
    case FB_ROP_NOT_CONTAINS:
        return "nhas";
    case FB_ROP_GTE:
        return "ge";
    case FB_ROP_LTE:
        return "le";
    case FB_ROP_BETWEEN:
        return "bt";
    case FB_ROP_EXISTS:
        return "ex";
    default:
        return "nex";
    }
}

/* The operators of mask, as a message lists them. */
static const char *rq_op_names(apr_pool_t *p, unsigned mask)
{
    const char *out = NULL;
    unsigned bit;

    for (bit = 1; bit <= FB_ROP_NOT_MEMBER; bit <<= 1) {
        if (mask & bit) {
            out = out == NULL ? fb_report_op_name(bit)
                  : apr_pstrcat(p, out, ", ", fb_report_op_name(bit), NULL);
        }
    }
    return out;
}

/* One value v of attribute a (at names it), as the text the statements
 * compare. */
static fb_error_t *rq_value(apr_pool_t *p, const fb_report_attr_t *a,
                            unsigned op, json_object *v, const char *at,
                            const char **out)
{
    const fb_report_option_t *o;
    const char *s;
    apr_time_t t;

    *out = NULL;
    if (v == NULL || json_object_is_type(v, json_type_null)) {
        return rq_bad(p, at, apr_psprintf(p, "'%s' cannot be null: use "
                                          "exists or not_exists.", at));
    }
    if (op & (FB_ROP_CONTAINS | FB_ROP_NOT_CONTAINS)) {
        a = NULL;           /* a part of a text, whatever the kind */
    }
    if (a != NULL && a->type == FB_RV_BOOLEAN) {
        if (json_object_is_type(v, json_type_boolean)) {
            *out = json_object_get_boolean(v) ? "true" : "false";
            return NULL;
        }
    }
    if (a != NULL && a->type == FB_RV_NUMBER) {
        if (json_object_is_type(v, json_type_int)) {
            *out = apr_psprintf(p, "%" APR_INT64_T_FMT,
                                (apr_int64_t)json_object_get_int64(v));
            return NULL;
        }
        if (json_object_is_type(v, json_type_double)) {
            *out = apr_psprintf(p, "%.17g", json_object_get_double(v));
            return NULL;
        }
        return rq_bad(p, at, apr_psprintf(p, "'%s' must be a number.", at));
    }
    s = json_object_is_type(v, json_type_string) ? json_object_get_string(v)
                                                  : NULL;
    if (s == NULL || fb_utf8_length(s) > RQ_TEXT_MAX) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a string of at most %d characters.", at,
            RQ_TEXT_MAX));
    }
    for (const char *c = s; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must not hold control characters.", at));
        }
    }
    if (a == NULL || a->type == FB_RV_STRING) {
        if (*s == '\0' && a == NULL) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must not be empty.", at));
        }
        *out = s;
        return NULL;
    }
    if (a->options != NULL) {
        for (o = a->options; o->value != NULL; o++) {
            if (strcmp(o->value, s) == 0) {
                *out = s;
                return NULL;
            }
        }
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be one of the attribute's staticOptions values "
            "(GET /v2/reports/datasets).", at));
    }
    if (a->type == FB_RV_DATE) {
        if (fb_time_parse(s, &t) != APR_SUCCESS) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must be an ISO 8601 date or date-time.", at));
        }
        *out = fb_time_format(p, t);
        return NULL;
    }
    if ((*out = fb_id_normalize(p, s)) == NULL) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a 24-character hexadecimal id.", at));
    }
    return NULL;
}

/* A rule at at, appended to f->rules; *leaf its place in the tree. */
static fb_error_t *rq_rule(rq_filter_t *f, json_object *node,
                           const char *at, json_object **leaf)
{
    static const char *const members[] = {"kind", "fieldId", "operator",
                                          "value", NULL};
    apr_pool_t *p = f->p;
    const char *extra = fb_json_other_member(node, members);
    const char *field, *opname, *one;
    const fb_report_attr_t *a;
    json_object *value = json_object_object_get(node, "value"), *rule, *vs;
    unsigned op;
    apr_size_t i, n;
    fb_error_t *err;

    if (extra != NULL) {
        return rq_bad(p, apr_pstrcat(p, at, ".", extra, NULL),
                      "A rule has kind, fieldId, operator and value only.");
    }
    if (++f->nrules > RQ_MAX_RULES) {
        return rq_bad(p, at, apr_psprintf(p, "A filter holds at most %d "
                                          "rules.", RQ_MAX_RULES));
    }
    field = fb_json_string(node, "fieldId");
    if (field == NULL) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER,
                             apr_pstrcat(p, at, ".fieldId", NULL),
                             "A rule needs a fieldId (a string).");
    }
    a = fb_report_attr(f->d, f->custom, field);
    if (a == NULL || !(a->flags & FB_RA_FILTER)) {
        return rq_bad(p, apr_pstrcat(p, at, ".fieldId", NULL), apr_psprintf(
            p, "'%s' is no filterable attribute of the dataset %s "
            "(GET /v2/reports/datasets lists them).", field, f->d->id));
    }
    opname = fb_json_string(node, "operator");
    if (opname == NULL) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER,
                             apr_pstrcat(p, at, ".operator", NULL),
                             "A rule needs an operator (a string).");
    }
    op = fb_report_op_bit(opname);
    if (!(op & a->ops)) {
        return rq_bad(p, apr_pstrcat(p, at, ".operator", NULL), apr_psprintf(
            p, "The operator of %s must be one of %s.", a->id,
            rq_op_names(p, a->ops)));
    }
    at = apr_pstrcat(p, at, ".value", NULL);
    vs = fb_json_owned(p, json_object_new_array());
    if (op & FB_ROPS_PRESENT) {
        if (value != NULL && !json_object_is_type(value, json_type_null)) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' is not taken by %s.", at, opname));
        }
    }
    else if (op & (FB_ROP_IN | FB_ROP_NOT_IN | FB_ROP_MEMBER
                   | FB_ROP_NOT_MEMBER | FB_ROP_BETWEEN)) {
        n = value && json_object_is_type(value, json_type_array)
            ? json_object_array_length(value) : 0;
        if (op == FB_ROP_BETWEEN ? n != 2 : (n < 1 || n > RQ_MAX_VALUES)) {
            return rq_bad(p, at, op == FB_ROP_BETWEEN
                ? apr_psprintf(p, "'%s' must be an array of 2 values for "
                               "between.", at)
                : apr_psprintf(p, "'%s' must be an array of 1 to %d values "
                               "for %s.", at, RQ_MAX_VALUES, opname));
        }
        for (i = 0; i < n; i++) {
            if ((err = rq_value(p, a, op, json_object_array_get_idx(value, i),
                                apr_psprintf(p, "%s[%lu]", at,
                                             (unsigned long)i), &one))
                != NULL) {
                return err;
            }
            json_object_array_add(vs, json_object_new_string(one));
        }
    }
    else {
        if (value != NULL && json_object_is_type(value, json_type_array)) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must be a single value for %s.", at, opname));
        }
        if ((err = rq_value(p, a, op, value, at, &one)) != NULL) {
            return err;
        }
        json_object_array_add(vs, json_object_new_string(one));
    }
    rule = json_object_new_object();
    json_object_object_add(rule, "f", json_object_new_string(a->form));
    APR_ARRAY_PUSH(f->forms, const char *) = a->form;
    if (a->key != NULL) {
        json_object_object_add(rule, "k", json_object_new_string(a->key));
    }
    json_object_object_add(rule, "o", json_object_new_string(rq_op_form(op)));
    json_object_object_add(rule, "t", json_object_new_string(
        a->type == FB_RV_DATE ? "date" : a->type == FB_RV_NUMBER ? "number"
                                                                  : "text"));
    json_object_object_add(rule, "v", json_object_get(vs));
    json_object_array_add(f->rules, rule);
    *leaf = fb_json_owned(p, json_object_new_object());
    json_object_object_add(*leaf, "r", json_object_new_int(f->nrules));
    return NULL;
}

/* A node (rule or group) at at, depth levels of groups above it. */
static fb_error_t *rq_node(rq_filter_t *f, json_object *node,
                           const char *at, int depth, json_object **out)
{
    static const char *const members[] = {"kind", "op", "children", NULL};
    apr_pool_t *p = f->p;
    const char *kind, *op, *extra;
    json_object *children, *c, *group;
    apr_size_t i, n;
    fb_error_t *err;

    if (node == NULL || !json_object_is_type(node, json_type_object)) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a rule or a group (an object).", at));
    }
    kind = fb_json_string(node, "kind");
    if (kind != NULL && strcmp(kind, "rule") == 0) {
        return rq_rule(f, node, at, out);
    }
    if (kind == NULL || strcmp(kind, "group") != 0) {
        return rq_bad(p, apr_pstrcat(p, at, ".kind", NULL),
                      "kind must be rule or group.");
    }
    if ((extra = fb_json_other_member(node, members)) != NULL) {
        return rq_bad(p, apr_pstrcat(p, at, ".", extra, NULL),
                      "A group has kind, op and children only.");
    }
    if (depth >= RQ_MAX_DEPTH) {
        return rq_bad(p, at, apr_psprintf(p, "Groups nest at most %d "
                                          "levels.", RQ_MAX_DEPTH));
    }
    op = fb_json_string(node, "op");
    if (op == NULL || (strcmp(op, "and") != 0 && strcmp(op, "or") != 0)) {
        return rq_bad(p, apr_pstrcat(p, at, ".op", NULL),
                      "op must be and or or.");
    }
    children = json_object_object_get(node, "children");
    n = children && json_object_is_type(children, json_type_array)
        ? json_object_array_length(children) : 0;
    if (n < 1 || n > RQ_MAX_RULES) {
        return rq_bad(p, apr_pstrcat(p, at, ".children", NULL), apr_psprintf(
            p, "children must be an array of 1 to %d rules or groups.",
            RQ_MAX_RULES));
    }
    group = fb_json_owned(p, json_object_new_object());
    json_object_object_add(group, "op", json_object_new_string(op));
    json_object_object_add(group, "c", json_object_new_array());
    for (i = 0; i < n; i++) {
        err = rq_node(f, json_object_array_get_idx(children, i),
                      apr_psprintf(p, "%s.children[%lu]", at,
                                   (unsigned long)i), depth + 1, &c);
        if (err != NULL) {
            return err;
        }
        json_object_array_add(json_object_object_get(group, "c"),
                              json_object_get(c));
    }
    *out = group;
    return NULL;
}

/* The body's filters into *tree and *rules (JSON texts; NULL: none),
 * the form of each rule's attribute into forms. */
fb_error_t *rq_filters(apr_pool_t *p, const fb_report_dataset_t *d,
                       const fb_report_custom_t *custom,
                       json_object *filters, const char **tree,
                       const char **rules, apr_array_header_t *forms)
{
    rq_filter_t f = {.p = p, .d = d, .custom = custom, .forms = forms};
    json_object *root, *wrap;
    fb_error_t *err;

    *tree = *rules = NULL;
    if (filters == NULL) {
        return NULL;
    }
    f.rules = fb_json_owned(p, json_object_new_array());
    if ((err = rq_node(&f, filters, "filters", 0, &root)) != NULL) {
        return err;
    }
    if (json_object_object_get_ex(root, "r", NULL)) {
        wrap = fb_json_owned(p, json_object_new_object());
        json_object_object_add(wrap, "op", json_object_new_string("and"));
        json_object_object_add(wrap, "c", json_object_new_array());
        json_object_array_add(json_object_object_get(wrap, "c"),
                              json_object_get(root));
        root = wrap;
    }
    *tree = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN);
    *rules = json_object_to_json_string_ext(f.rules, JSON_C_TO_STRING_PLAIN);
    return NULL;
}
