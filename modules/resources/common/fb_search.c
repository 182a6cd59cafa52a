/*
 * fb_search: the search engine every family's POST /<family>/search runs
 * on (fb_search.h): the compiler of the structured query, checked
 * through the family's field table and the operator table here, and the
 * handler: mode, sort, drive, cursor, page, totalCount with its cap,
 * within the expensive-turn budget.  The statements only ever see the
 * checked, normalized query.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_cursor.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_search.h"
#include "fb_utf8.h"

typedef struct {
    const char *name;
    unsigned bit;
    const char *form;   /* the statements' name of it */
    int many;           /* takes an array of values */
    int negative;       /* excludes */
} fb_search_op_t;

static const fb_search_op_t fb_search_ops[] = {
    {.name = "=", .bit = FB_SOP_EQ, .form = "in"},
    {.name = "!=", .bit = FB_SOP_NE, .form = "nin", .negative = 1},
    {.name = "IN", .bit = FB_SOP_IN, .form = "in", .many = 1},
    {.name = "NIN", .bit = FB_SOP_NIN, .form = "nin", .many = 1,
     .negative = 1},
    {.name = ">", .bit = FB_SOP_GT, .form = "gt"},
    {.name = "<", .bit = FB_SOP_LT, .form = "lt"},
    {.name = ">=", .bit = FB_SOP_GE, .form = "ge"},
    {.name = "<=", .bit = FB_SOP_LE, .form = "le"},
    {.name = "~", .bit = FB_SOP_HAS, .form = "has"},
    {.name = NULL}
};

/* Operators the client names that no field takes yet. */
static const char *const fb_search_reserved[] = {"!~", "^", "$", NULL};

/* Longest text value, and custom attribute key. */
#define FB_SEARCH_TEXT_MAX 256
#define FB_SEARCH_KEY_MAX 64
/* Unix seconds up to 9999-12-31. */
#define FB_SEARCH_TIME_MAX 253402300799LL

static fb_error_t *fb_search_bad(apr_pool_t *p, const char *at,
                                 const char *message)
{
    return fb_error_make(p, FB_E_INVALID_PARAMETER, at, message);
}

/* Non-zero when key is 1 to FB_SEARCH_KEY_MAX letters, digits, '_' or
 * '-' (custom attribute ids). */
static int fb_search_key_valid(const char *key)
{
    apr_size_t n = 0;

    for (; key[n] != '\0'; n++) {
        if (n == FB_SEARCH_KEY_MAX
            || !(apr_isalnum(key[n]) || key[n] == '_' || key[n] == '-')) {
            return 0;
        }
    }
    return n > 0;
}

/* The field named name, *key its attribute key (prefix fields). */
static const fb_search_field_t *fb_search_field(
    const fb_search_field_t *fields, const char *name, const char **key)
{
    const fb_search_field_t *f;

    *key = NULL;
    for (f = fields; f->name != NULL; f++) {
        if (f->flags & FB_SF_PREFIX) {
            if (strncmp(name, f->name, strlen(f->name)) == 0) {
                *key = name + strlen(f->name);
                return f;
            }
        }
        else if (strcmp(name, f->name) == 0
                 || (f->alias != NULL && strcmp(name, f->alias) == 0)) {
            return f;
        }
    }
    return NULL;
}

/* The operators of mask, as a message lists them. */
static const char *fb_search_op_names(apr_pool_t *p, unsigned mask)
{
    const fb_search_op_t *op;
    const char *out = NULL;

    for (op = fb_search_ops; op->name != NULL; op++) {
        if (mask & op->bit) {
            out = out == NULL ? op->name
                              : apr_pstrcat(p, out, ", ", op->name, NULL);
        }
    }
    return out;
}

/* The choices of an enumeration, as a message lists them. */
static const char *fb_search_choice_names(apr_pool_t *p,
                                          const char *const *c)
{
    const char *out = NULL;

    for (; *c != NULL; c++) {
        out = out == NULL ? *c : apr_pstrcat(p, out, ", ", *c, NULL);
    }
    return out;
}

/* One value v of field f (at names it) into *out (a new JSON value). */
static fb_error_t *fb_search_value(apr_pool_t *p,
                                   const fb_search_field_t *f,
                                   const fb_search_op_t *op,
                                   json_object *v, const char *at,
                                   json_object **out)
{
    const char *const *c;
    const char *s, *id;
    double d;

    *out = NULL;
    if (v == NULL) {
        return (f->flags & FB_SF_NULLABLE) && op->bit != FB_SOP_HAS
               && !(op->bit & FB_SOPS_RANGE)
               ? NULL
               : fb_search_bad(p, at, apr_psprintf(
                     p, "'%s' cannot be null for this field and "
                     "operator.", at));
    }
    if (op->bit == FB_SOP_HAS) {
        if (!json_object_is_type(v, json_type_string)
            || fb_utf8_length(json_object_get_string(v)) < 1
            || fb_utf8_length(json_object_get_string(v))
               > FB_SEARCH_TEXT_MAX) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a string of 1 to %d characters.", at,
                FB_SEARCH_TEXT_MAX));
        }
        *out = json_object_new_string(json_object_get_string(v));
        return NULL;
    }
    switch (f->kind) {
    case FB_SK_ENUM:
        s = json_object_is_type(v, json_type_string)
            ? json_object_get_string(v) : "";
        for (c = f->choices; *c != NULL && strcmp(*c, s) != 0; c++) {
        }
        if (*c == NULL) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be one of %s.", at,
                fb_search_choice_names(p, f->choices)));
        }
        *out = json_object_new_string(s);
        return NULL;
    case FB_SK_BOOL:
        if (!json_object_is_type(v, json_type_boolean)) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be true or false.", at));
        }
        *out = json_object_new_string(json_object_get_boolean(v)
                                      ? "true" : "false");
        return NULL;
    case FB_SK_ID:
        id = json_object_is_type(v, json_type_string)
             ? fb_id_normalize(p, json_object_get_string(v)) : NULL;
        if (id == NULL) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a 24-character hexadecimal id%s.", at,
                (f->flags & FB_SF_NULLABLE) ? " or null" : ""));
        }
        *out = json_object_new_string(id);
        return NULL;
    case FB_SK_TIME:
        if (!json_object_is_type(v, json_type_int)
            || json_object_get_int64(v) < 0
            || json_object_get_int64(v) > FB_SEARCH_TIME_MAX) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a time in Unix seconds (an integer, "
                "0 or more).", at));
        }
        *out = json_object_new_string(apr_psprintf(
            p, "%" APR_INT64_T_FMT, (apr_int64_t)json_object_get_int64(v)));
        return NULL;
    case FB_SK_NUMBER:
        if (json_object_is_type(v, json_type_int)) {
            *out = json_object_new_string(apr_psprintf(
                p, "%" APR_INT64_T_FMT,
                (apr_int64_t)json_object_get_int64(v)));
            return NULL;
        }
        d = json_object_is_type(v, json_type_double)
            ? json_object_get_double(v) : NAN;
        if (!isfinite(d) || fabs(d) > 1e15) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a number.", at));
        }
        *out = json_object_new_string(apr_psprintf(p, "%.17g", d));
        return NULL;
    case FB_SK_STRING:
        if (!json_object_is_type(v, json_type_string)
            || fb_utf8_length(json_object_get_string(v))
               > FB_SEARCH_TEXT_MAX) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a string of at most %d characters%s.",
                at, FB_SEARCH_TEXT_MAX,
                (f->flags & FB_SF_NULLABLE) ? " or null" : ""));
        }
        *out = json_object_new_string(json_object_get_string(v));
        return NULL;
    case FB_SK_VALUE:
        if (json_object_is_type(v, json_type_object)
            || json_object_is_type(v, json_type_array)
            || (json_object_is_type(v, json_type_string)
                && fb_utf8_length(json_object_get_string(v))
                   > FB_SEARCH_TEXT_MAX)) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a string of at most %d characters, a "
                "number, a boolean or null.", at, FB_SEARCH_TEXT_MAX));
        }
        *out = json_object_get(v);
        return NULL;
    case FB_SK_NONE:
        break;
    }
    return fb_search_bad(p, at, "Unexpected field.");
}

/* A clause, checked: the field, the operator, the normalized values. */
typedef struct {
    const fb_search_field_t *field;
    const fb_search_op_t *op;
    json_object *values;
    json_object *out;       /* {f, o, v[, k]} */
} fb_search_clause_t;

/* The operator named name, or NULL. */
static const fb_search_op_t *fb_search_op(const char *name)
{
    const fb_search_op_t *op;

    for (op = fb_search_ops; op->name != NULL; op++) {
        if (strcmp(op->name, name) == 0) {
            return op;
        }
    }
    return NULL;
}

/* The values of clause c (value, at vat) for its operator. */
static fb_error_t *fb_search_values(apr_pool_t *p, fb_search_clause_t *c,
                                    json_object *value, const char *vat)
{
    json_object *one;
    fb_error_t *err;
    apr_size_t i, n;

    c->values = fb_json_owned(p, json_object_new_array());
    if (!c->op->many) {
        if (json_object_is_type(value, json_type_array)) {
            return fb_search_bad(p, vat, apr_psprintf(
                p, "'%s' must be a single value for %s%s.", vat,
                c->op->name, (c->field->ops & FB_SOP_IN)
                             ? " (use IN or NIN for a list)" : ""));
        }
        if ((err = fb_search_value(p, c->field, c->op, value, vat, &one))
            != NULL) {
            return err;
        }
        json_object_array_add(c->values, one);
        return NULL;
    }
    n = json_object_is_type(value, json_type_array)
        ? json_object_array_length(value) : 0;
    if (n < 1 || n > FB_SEARCH_MAX_VALUES) {
        return fb_search_bad(p, vat, apr_psprintf(
            p, "'%s' must be an array of 1 to %d values for %s.", vat,
            FB_SEARCH_MAX_VALUES, c->op->name));
    }
    for (i = 0; i < n; i++) {
        err = fb_search_value(p, c->field, c->op,
                              json_object_array_get_idx(value, i),
                              apr_psprintf(p, "%s[%lu]", vat,
                                           (unsigned long)i), &one);
        if (err != NULL) {
            return err;
        }
        json_object_array_add(c->values, one);
    }
    return NULL;
}

/* One clause at at into *c. */
static fb_error_t *fb_search_clause(apr_pool_t *p,
                                    const fb_search_field_t *fields,
                                    json_object *clause, const char *at,
                                    fb_search_clause_t *c)
{
    static const char *const members[] = {"field", "operator", "value",
                                          NULL};
    json_object *field, *opv, *value = NULL;
    const char *key, *extra, *name, *opname, *const *r;
    fb_error_t *err;

    memset(c, 0, sizeof(*c));
    if (!json_object_is_type(clause, json_type_object)) {
        return fb_search_bad(p, at, apr_psprintf(
            p, "'%s' must be an object {field, operator, value}.", at));
    }
    if ((extra = fb_json_other_member(clause, members)) != NULL) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                             apr_pstrcat(p, at, ".", extra, NULL),
                             apr_psprintf(p, "'%s.%s' is not supported "
                                          "in a clause.", at, extra));
    }
    if (!json_object_object_get_ex(clause, "field", &field)
        || !json_object_object_get_ex(clause, "operator", &opv)
        || !json_object_object_get_ex(clause, "value", &value)) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER, at, apr_psprintf(
            p, "'%s' needs field, operator and value.", at));
    }
    name = json_object_is_type(field, json_type_string)
           ? json_object_get_string(field) : "";
    if ((c->field = fb_search_field(fields, name, &key)) == NULL
        || (key != NULL && !fb_search_key_valid(key))) {
        return fb_search_bad(p, apr_pstrcat(p, at, ".field", NULL),
                             apr_psprintf(p, "'%s.field' names no field "
                                          "that can be searched on.", at));
    }
    if (c->field->kind == FB_SK_NONE) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                             apr_pstrcat(p, at, ".field", NULL),
                             c->field->why);
    }
    opname = json_object_is_type(opv, json_type_string)
             ? json_object_get_string(opv) : "";
    for (r = fb_search_reserved; *r != NULL && strcmp(*r, opname) != 0;
         r++) {
    }
    if (*r != NULL) {
        return fb_search_bad(p, apr_pstrcat(p, at, ".operator", NULL),
                             apr_psprintf(p, "'%s.operator': %s is "
                                          "reserved and not supported.",
                                          at, opname));
    }
    c->op = fb_search_op(opname);
    if (c->op == NULL || !(c->field->ops & c->op->bit)) {
        return fb_search_bad(p, apr_pstrcat(p, at, ".operator", NULL),
                             apr_psprintf(p, "'%s.operator' must be one of "
                                          "%s for %s.", at,
                                          fb_search_op_names(
                                              p, c->field->ops), name));
    }
    if ((err = fb_search_values(p, c, value,
                                apr_pstrcat(p, at, ".value", NULL)))
        != NULL) {
        return err;
    }
    c->out = json_object_new_object();
    json_object_object_add(c->out, "f",
                           json_object_new_string(c->field->form));
    json_object_object_add(c->out, "o", json_object_new_string(c->op->form));
    json_object_object_add(c->out, "v", json_object_get(c->values));
    if (key != NULL) {
        json_object_object_add(c->out, "k", json_object_new_string(key));
    }
    return NULL;
}

/* Does clause c exclude alone (a negation of an unbounded field)? */
static int fb_search_excludes(const fb_search_clause_t *c)
{
    return c->op->negative && !(c->field->flags & FB_SF_BOUNDED);
}

/* Adds an AND's clause c to the index clauses, when its field is
 * indexed and it selects by ids (the first such clause of a field);
 * non-zero when the index clause says all c does. */
static int fb_search_index(fb_search_plan_t *plan,
                           const fb_search_clause_t *c)
{
    apr_size_t i;

    if (!(c->field->flags & FB_SF_INDEXED) || strcmp(c->op->form, "in") != 0
        || json_object_object_get_ex(plan->ix, c->field->form, NULL)) {
        return 0;
    }
    for (i = 0; i < json_object_array_length(c->values); i++) {
        if (json_object_array_get_idx(c->values, i) == NULL) {
            return 0;       /* null: unset, which no id names */
        }
    }
    json_object_object_add(plan->ix, c->field->form,
                           json_object_get(c->values));
    return (c->field->flags & FB_SF_COVERED) != 0;
}

fb_error_t *fb_search_compile(apr_pool_t *p,
                              const fb_search_field_t *fields,
                              json_object *query, fb_search_plan_t *plan)
{
    static const char *const group_members[] = {"operator", "value", NULL};
    json_object *out, *clauses, *items = NULL, *opv = NULL;
    const char *op = "and", *extra;
    int any_excludes = 0, all_exclude = 1, covered = 1;
    fb_search_clause_t *cs;
    fb_error_t *err;
    apr_size_t i, n = 1;

    memset(plan, 0, sizeof(*plan));
    plan->ix = fb_json_owned(p, json_object_new_object());
    if (query == NULL) {
        plan->index = "{}";
        return NULL;
    }
    out = fb_json_owned(p, json_object_new_object());
    clauses = json_object_new_array();
    json_object_object_add(out, "c", clauses);
    if (json_object_object_get_ex(query, "field", NULL)) {
        cs = apr_pcalloc(p, sizeof(*cs));
        if ((err = fb_search_clause(p, fields, query, "query", cs))
            != NULL) {
            return err;
        }
    }
    else {
        if ((extra = fb_json_other_member(query, group_members)) != NULL) {
            return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                                 apr_pstrcat(p, "query.", extra, NULL),
                                 apr_psprintf(p, "'query.%s' is not "
                                              "supported.", extra));
        }
        json_object_object_get_ex(query, "operator", &opv);
        json_object_object_get_ex(query, "value", &items);
        if (opv == NULL || !json_object_is_type(opv, json_type_string)
            || (strcmp(json_object_get_string(opv), "AND") != 0
                && strcmp(json_object_get_string(opv), "OR") != 0)) {
            return fb_search_bad(p, "query.operator",
                                 "'query' is a clause {field, operator, "
                                 "value} or a group whose 'operator' is "
                                 "AND or OR.");
        }
        op = strcmp(json_object_get_string(opv), "OR") == 0 ? "or" : "and";
        n = json_object_is_type(items, json_type_array)
            ? json_object_array_length(items) : 0;
        if (n < 1 || n > FB_SEARCH_MAX_CLAUSES) {
            return fb_search_bad(p, "query.value", apr_psprintf(
                p, "'query.value' must be an array of 1 to %d clauses.",
                FB_SEARCH_MAX_CLAUSES));
        }
        cs = apr_pcalloc(p, n * sizeof(*cs));
        for (i = 0; i < n; i++) {
            json_object *item = json_object_array_get_idx(items, i);
            const char *at = apr_psprintf(p, "query.value[%lu]",
                                          (unsigned long)i);

            if (json_object_is_type(item, json_type_object)
                && !json_object_object_get_ex(item, "field", NULL)
                && json_object_object_get_ex(item, "operator", NULL)) {
                return fb_search_bad(p, at, apr_psprintf(
                    p, "'%s': groups cannot be nested; a group holds "
                    "clauses {field, operator, value} only.", at));
            }
            if ((err = fb_search_clause(p, fields, item, at, &cs[i]))
                != NULL) {
                return err;
            }
        }
    }
    for (i = 0; i < n; i++) {
        json_object_array_add(clauses, cs[i].out);
        any_excludes |= fb_search_excludes(&cs[i]);
        all_exclude &= fb_search_excludes(&cs[i]);
        covered &= strcmp(op, "and") == 0
                   && fb_search_index(plan, &cs[i]);
    }
    json_object_object_add(out, "op", json_object_new_string(op));
    /* An OR is as broad as its broadest clause; an AND as its
     * narrowest. */
    plan->broad = strcmp(op, "or") == 0 ? any_excludes : all_exclude;
    plan->filter = fb_json_text(p, out);
    plan->index = fb_json_text(p, plan->ix);
    plan->covered = covered;
    return NULL;
}

int fb_search_key_score(const char *key)
{
    apr_size_t whole = strspn(key, "0123456789"), frac = 0;

    if (whole == 0 || whole > 12) {
        return 0;
    }
    if (key[whole] == '.') {
        frac = strspn(key + whole + 1, "0123456789");
        if (frac == 0 || frac > 6) {
            return 0;
        }
        frac++;
    }
    return key[whole + frac] == '\0';
}

/* ---- the handler ---- */

/* The sort's own name (an alias's, or as given). */
static const char *fb_search_sort_name(const fb_search_family_t *fam,
                                       const char *sort)
{
    const fb_search_alias_t *a;

    for (a = fam->sort_aliases; a != NULL && a->alias != NULL; a++) {
        if (strcmp(a->alias, sort) == 0) {
            return a->name;
        }
    }
    return sort;
}

/* The order named sort among orders, or NULL. */
static const fb_search_order_t *fb_search_order(
    const fb_search_order_t *orders, const char *sort)
{
    const fb_search_order_t *o;

    for (o = orders; o->sort != NULL; o++) {
        if (strcmp(o->sort, sort) == 0) {
            return o;
        }
    }
    return NULL;
}

/* The fast set (fb_search_fast_t) of a filter-mode query that the index
 * clauses say whole, one id for each of exactly the set's fields, in
 * sort; its ids into *ids.  NULL: none. */
static const fb_search_fast_t *fb_search_fast(
    const fb_search_family_t *fam, const fb_search_plan_t *plan,
    const char *sort, fb_params_search_ids_t *ids)
{
    const char **slot[FB_SEARCH_FAST_FIELDS] = {&ids->id1, &ids->id2};
    const fb_search_fast_t *f;
    json_object *v;
    int i;

    if (fam->fast == NULL || !plan->covered) {
        return NULL;
    }
    for (f = fam->fast; f->orders != NULL; f++) {
        memset(ids, 0, sizeof(*ids));
        for (i = 0; i < FB_SEARCH_FAST_FIELDS && f->forms[i] != NULL; i++) {
            if (!json_object_object_get_ex(plan->ix, f->forms[i], &v)
                || json_object_array_length(v) != 1) {
                break;
            }
            *slot[i] = json_object_get_string(
                json_object_array_get_idx(v, 0));
        }
        if ((i == FB_SEARCH_FAST_FIELDS || f->forms[i] == NULL)
            && i == json_object_object_length(plan->ix)
            && fb_search_order(f->orders, sort) != NULL) {
            return f;
        }
    }
    return NULL;
}

/* Runs statement st with args, or, for a fast set's statement (ids not
 * NULL), with its ids and args' scope, cursor and limit, or, for a fast
 * text set's (text not 0), with args' text, scope, cursor and limit. */
static fb_error_t *fb_search_select(fb_req_t *fr, const fb_statement_t *st,
                                    const fb_params_search_t *args,
                                    fb_params_search_ids_t *ids, int text,
                                    fb_rows_t *rows)
{
    if (text) {
        const fb_params_search_text_t texts = {
            .text = args->text, .scope = args->scope,
            .after_key = args->after_key, .after_id = args->after_id,
            .limit = args->limit
        };

        return fb_req_select(fr, st, FB_NAMED_VALUES(search_text, &texts),
                             rows);
    }
    if (ids == NULL) {
        return fb_req_select(fr, st, FB_NAMED_VALUES(search, args), rows);
    }
    ids->scope = args->scope;
    ids->after_key = args->after_key;
    ids->after_id = args->after_id;
    ids->limit = args->limit;
    return fb_req_select(fr, st, FB_NAMED_VALUES(search_ids, ids), rows);
}

/* The set of filter mode: a drive whose field the query selects by, with
 * few links, or the walk. */
static fb_error_t *fb_search_drive(fb_req_t *fr,
                                   const fb_search_family_t *fam,
                                   const fb_search_plan_t *plan,
                                   fb_params_search_t args,
                                   const fb_search_set_t **set)
{
    const fb_search_set_t *s;
    fb_rows_t rows;
    fb_error_t *err;

    *set = fam->filter;
    for (s = fam->filter + 1; s->orders != NULL; s++) {
        if (!json_object_object_get_ex(plan->ix, s->form, NULL)) {
            continue;
        }
        args.limit = apr_itoa(fr->pool, FB_SEARCH_DRIVE_MAX);
        if ((err = fb_req_select(fr, s->links,
                                 FB_NAMED_VALUES(search, &args), &rows))
            != NULL) {
            return err;
        }
        if (atol(fb_rows_get(&rows, 0, 0)) < FB_SEARCH_DRIVE_MAX) {
            *set = s;
        }
        return NULL;
    }
    return NULL;
}

/* The name this request's cursors carry: the family, mode and sort, and
 * a digest of the query and search text that must come back with them. */
static const char *fb_search_cursor_name(apr_pool_t *p,
                                         const fb_search_family_t *fam,
                                         const char *sort,
                                         const char *filter,
                                         const char *search)
{
    const char *all = apr_pstrcat(p, filter ? filter : "", "\n",
                                  search ? search : "", NULL);
    unsigned char digest[FB_SHA256_LEN];

    fb_sha256(all, strlen(all), digest);
    return apr_pstrcat(p, fam->name, search ? ".text." : ".filter.",
                       *sort ? sort : "relevance", ".",
                       fb_hex(p, digest, 8), NULL);
}

/* The JSON array of the first n rows (what the writer prepares is for
 * those: not the one more read to know whether a next page follows). */
static fb_error_t *fb_search_rows(fb_req_t *fr,
                                  const fb_search_family_t *fam,
                                  fb_rows_t *rows, int n, const char **json)
{
    fb_rows_t shown = *rows;
    fb_error_t *err;

    if (fam->page != NULL) {
        return fam->page(fr, rows, n, json);
    }
    shown.nrows = n;
    if (fam->rows->prepare != NULL
        && (err = fam->rows->prepare(fr, &shown)) != NULL) {
        return err;
    }
    *json = fb_list_rows_page(fr, fam->rows, rows, n);
    return *json == NULL ? fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL)
                         : NULL;
}

fb_error_t *fb_search_respond(fb_req_t *fr)
{
    const fb_search_family_t *fam = fr->op->data;
    const char *search = fb_json_string(fr->body, "search");
    const char *sort = fb_json_string(fr->body, "sort");
    const char *text = fb_json_string(fr->body, "cursor");
    json_object *lim = json_object_object_get(fr->body, "limit");
    long limit = lim ? (long)json_object_get_int64(lim) : 10;
    long counted, cap = search != NULL ? fam->text_cap : fam->cap;
    int key_col = fam->page ? fam->key_col : fam->rows->key_col;
    int id_col = fam->page ? fam->id_col : fam->rows->id_col;
    const char *name, *next = NULL, *data;
    const fb_search_order_t *o;
    const fb_search_set_t *set;
    const fb_search_fast_t *fast = NULL;
    const fb_statement_t *count_st;
    fb_params_search_ids_t fast_ids, *ids = NULL;
    fb_params_search_t args;
    fb_search_plan_t plan;
    fb_cursor_t cursor;
    fb_rows_t rows, count;
    fb_error_t *err;
    int shown, text_fast = 0;

    if ((fam->check != NULL && (err = fam->check(fr)) != NULL)
        || (err = fb_search_compile(fr->pool, fam->fields,
                                    json_object_object_get(fr->body,
                                                           "query"),
                                    &plan)) != NULL) {
        return err;
    }
    if (search == NULL && plan.broad) {
        return fb_error_make(fr->pool, FB_E_QUERY_TOO_BROAD, "query",
                             "The query only excludes: add a clause that "
                             "selects (=, IN, >, <) so that the search "
                             "does not read the whole organization.");
    }
    sort = sort != NULL ? fb_search_sort_name(fam, sort)
           : search != NULL ? "" : fam->default_sort;
    memset(&args, 0, sizeof(args));
    /* A query the index clauses say whole runs without its filter (the
     * cursors' digest still has it). */
    args.clauses = plan.covered ? NULL : plan.filter;
    args.index_clauses = plan.index;
    args.text = search;
    args.scope = fam->scope != NULL ? fam->scope(fr) : NULL;
    if ((err = fb_req_expensive(fr)) != NULL) {
        return err;
    }
    set = fam->text;
    if (search == NULL
        && (fast = fb_search_fast(fam, &plan, sort, &fast_ids)) != NULL) {
        ids = &fast_ids;
        o = fb_search_order(fast->orders, sort);
        count_st = fast->count;
    }
    else if (search != NULL && plan.filter == NULL && fam->text_fast != NULL
             && fb_search_order(fam->text_fast->orders, sort) != NULL) {
        text_fast = 1;
        o = fb_search_order(fam->text_fast->orders, sort);
        count_st = fam->text_fast->count;
    }
    else {
        if (search == NULL
            && (err = fb_search_drive(fr, fam, &plan, args, &set))
               != NULL) {
            return err;
        }
        o = fb_search_order(set->orders, sort);
        count_st = set->count;
    }
    if (o == NULL) {
        /* the sort's rule lets no other through */
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    name = fb_search_cursor_name(fr->pool, fam, sort, plan.filter, search);
    if (text != NULL
        && (fb_cursor_decode(fr->pool, text, name, fam->ids, &cursor)
            != APR_SUCCESS
            || !o->key_valid(cursor.key))) {
        return fb_error_make(fr->pool, FB_E_INVALID_CURSOR, "cursor",
                             "The cursor was not made by this search: a "
                             "cursor only goes with the mode, query, "
                             "search and sort that made it.");
    }
    if (text != NULL) {
        args.after_key = cursor.key;
        args.after_id = cursor.id;
    }
    args.limit = apr_ltoa(fr->pool, limit + 1);
    if ((err = fb_search_select(fr, text ? o->after : o->first, &args,
                                ids, text_fast, &rows)) != NULL) {
        return err;
    }
    /* Search mode's rows say the total; filter mode counts apart (up to
     * the cap: it stops there) unless its first page holds every row, and
     * so does search mode after a cursor when its page is empty. */
    if (search != NULL && rows.nrows > 0) {
        counted = atol(fb_rows_get(&rows, 0, fam->total_col));
    }
    else if (search != NULL && text == NULL) {
        counted = 0;
    }
    else if (text == NULL && rows.nrows <= limit) {
        counted = rows.nrows;       /* a first page that holds them all */
    }
    else {
        args.after_key = args.after_id = NULL;
        args.limit = apr_ltoa(fr->pool, cap);
        if ((err = fb_search_select(fr, count_st, &args, ids, text_fast,
                                    &count)) != NULL) {
            return err;
        }
        counted = atol(fb_rows_get(&count, 0, 0));
    }
    counted = counted > cap ? cap : counted;
    shown = rows.nrows > limit ? (int)limit : rows.nrows;
    if (rows.nrows > limit) {
        next = fb_cursor_encode(fr->pool, name,
                                fb_rows_get(&rows, shown - 1, key_col),
                                fb_rows_get(&rows, shown - 1, id_col));
    }
    if (shown == 0) {
        data = "[]";
    }
    else if ((err = fb_search_rows(fr, fam, &rows, shown, &data)) != NULL) {
        return err;
    }
    fr->is_list = 1;
    fb_respond(fr, HTTP_OK, apr_psprintf(
        fr->pool, "{\"object\":\"list\",\"data\":%s,\"nextCursor\":%s,"
        "\"totalCount\":%ld,\"totalCountCapped\":%s}",
        data, fb_json_quote(fr->pool, next), counted,
        counted >= cap ? "true" : "false"));
    return NULL;
}
