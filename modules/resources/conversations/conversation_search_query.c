/*
 * conversation_search_query: the structured query of conversation
 * search (conversation_search.h), checked through two tables: the
 * fields (with their snake_case aliases, kind of value and operators)
 * and the operators.  Anything else is 400 naming the member at fault;
 * the statements only ever see the checked, normalized form.
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "conversation_search.h"
#include "fb_db.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_utf8.h"

/* Operators, as bits of a field's mask. */
#define OP_EQ  0x01
#define OP_NE  0x02
#define OP_IN  0x04
#define OP_NIN 0x08
#define OP_GT  0x10
#define OP_LT  0x20
#define OP_GE  0x40
#define OP_LE  0x80
#define OPS_SET (OP_EQ | OP_NE | OP_IN | OP_NIN)
#define OPS_TIME (OP_EQ | OP_GT | OP_LT | OP_GE | OP_LE)

typedef struct {
    const char *name;
    unsigned bit;
    const char *form;   /* the statements' name of it */
    int many;           /* takes an array of values */
    int negative;       /* excludes */
} fb_search_op_t;

static const fb_search_op_t fb_search_ops[] = {
    {"=", OP_EQ, "in", 0, 0},
    {"!=", OP_NE, "nin", 0, 1},
    {"IN", OP_IN, "in", 1, 0},
    {"NIN", OP_NIN, "nin", 1, 1},
    {">", OP_GT, "gt", 0, 0},
    {"<", OP_LT, "lt", 0, 0},
    {">=", OP_GE, "ge", 0, 0},
    {"<=", OP_LE, "le", 0, 0},
    {NULL, 0, NULL, 0, 0}
};

typedef enum {
    SF_ENUM,        /* a string among choices */
    SF_BOOL,        /* true or false */
    SF_ID,          /* an object id */
    SF_TIME,        /* Unix seconds, an integer */
    SF_VALUE,       /* a custom attribute's value: any scalar */
    SF_NONE         /* known, not supported here (why says why) */
} fb_search_kind_e;

typedef struct {
    const char *name;       /* camelCase; "x." : a prefix (x.<key>) */
    const char *alias;      /* the deprecated snake_case name, or NULL */
    const char *form;       /* the statements' name of it */
    fb_search_kind_e kind;
    unsigned ops;
    int nullable;           /* null: unset (unassigned, no brand) */
    int bounded;            /* a negation alone is not too broad */
    const char *const *choices;
    const char *why;        /* SF_NONE: the error's message */
} fb_search_field_t;

static const char *const fb_search_states[] = {"open", "closed", "snoozed",
                                               NULL};

static const fb_search_field_t fb_search_fields[] = {
    {"state", NULL, "state", SF_ENUM, OPS_SET, 0, 1, fb_search_states,
     NULL},
    {"priority", NULL, "priority", SF_BOOL, OP_EQ | OP_NE, 0, 1, NULL,
     NULL},
    {"adminAssigneeId", "admin_assignee_id", "adminAssigneeId", SF_ID,
     OPS_SET, 1, 0, NULL, NULL},
    {"teamAssigneeId", "team_assignee_id", "teamAssigneeId", SF_ID,
     OPS_SET, 1, 0, NULL, NULL},
    {"brandId", "brand_id", "brandId", SF_ID, OPS_SET, 1, 0, NULL, NULL},
    {"tagIds", "tag_ids", "tagIds", SF_ID, OPS_SET, 0, 0, NULL, NULL},
    {"userId", "user_id", "participantId", SF_ID, OPS_SET, 0, 0, NULL,
     NULL},
    {"participantId", "participant_id", "participantId", SF_ID, OPS_SET,
     0, 0, NULL, NULL},
    {"companyId", "company_id", "companyId", SF_ID, OPS_SET, 0, 0, NULL,
     NULL},
    {"createdAt", "created_at", "createdAt", SF_TIME, OPS_TIME, 0, 0,
     NULL, NULL},
    {"customAttributes.", NULL, "customAttributes", SF_VALUE, OPS_SET, 1,
     0, NULL, NULL},
    {"mentionedAdminIds", "mentioned_admin_ids", NULL, SF_NONE, 0, 0, 0,
     NULL, "Mentions are not recorded by this server, so "
     "'mentionedAdminIds' cannot be filtered on."},
    {NULL, NULL, NULL, SF_NONE, 0, 0, 0, NULL, NULL}
};

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
static const fb_search_field_t *fb_search_field(const char *name,
                                                const char **key)
{
    const fb_search_field_t *f;
    apr_size_t n;

    *key = NULL;
    for (f = fb_search_fields; f->name != NULL; f++) {
        n = strlen(f->name);
        if (f->name[n - 1] == '.') {
            if (strncmp(name, f->name, n) == 0) {
                *key = name + n;
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

/* One value v of field f (at names it) into *out (a new JSON value). */
static fb_error_t *fb_search_value(apr_pool_t *p,
                                   const fb_search_field_t *f,
                                   json_object *v, const char *at,
                                   json_object **out)
{
    const char *const *c;
    const char *s, *id;

    *out = NULL;
    if (v == NULL) {
        return f->nullable ? NULL
               : fb_search_bad(p, at, apr_psprintf(
                     p, "'%s' cannot be null for this field.", at));
    }
    switch (f->kind) {
    case SF_ENUM:
        s = json_object_is_type(v, json_type_string)
            ? json_object_get_string(v) : "";
        for (c = f->choices; *c != NULL && strcmp(*c, s) != 0; c++) {
        }
        if (*c == NULL) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be one of open, closed, snoozed.", at));
        }
        *out = json_object_new_string(s);
        return NULL;
    case SF_BOOL:
        if (!json_object_is_type(v, json_type_boolean)) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be true or false.", at));
        }
        *out = json_object_new_string(json_object_get_boolean(v)
                                      ? "true" : "false");
        return NULL;
    case SF_ID:
        id = json_object_is_type(v, json_type_string)
             ? fb_id_normalize(p, json_object_get_string(v)) : NULL;
        if (id == NULL) {
            return fb_search_bad(p, at, apr_psprintf(
                p, "'%s' must be a 24-character hexadecimal id%s.", at,
                f->nullable ? " or null" : ""));
        }
        *out = json_object_new_string(id);
        return NULL;
    case SF_TIME:
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
    case SF_VALUE:
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
    case SF_NONE:
        break;
    }
    return fb_search_bad(p, at, "Unexpected field.");
}

/* Non-zero when obj has a member other than those of names. */
static const char *fb_search_extra(json_object *obj,
                                   const char *const *names)
{
    const char *const *n;

    json_object_object_foreach(obj, key, val) {
        (void)val;
        for (n = names; *n != NULL && strcmp(*n, key) != 0; n++) {
        }
        if (*n == NULL) {
            return key;
        }
    }
    return NULL;
}

/*
 * One clause at at into *out (normalized); *excludes: a negation of an
 * unbounded field.
 */
static fb_error_t *fb_search_clause(apr_pool_t *p, json_object *clause,
                                    const char *at, json_object **out,
                                    int *excludes)
{
    static const char *const members[] = {"field", "operator", "value",
                                          NULL};
    json_object *field, *opv, *value = NULL, *values;
    const fb_search_field_t *f;
    const fb_search_op_t *op;
    const char *key, *extra, *name, *opname, *vat;
    fb_error_t *err;
    apr_size_t i, n;

    *out = NULL;
    if (!json_object_is_type(clause, json_type_object)) {
        return fb_search_bad(p, at, apr_psprintf(
            p, "'%s' must be an object {field, operator, value}.", at));
    }
    if ((extra = fb_search_extra(clause, members)) != NULL) {
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
    if ((f = fb_search_field(name, &key)) == NULL
        || (key != NULL && !fb_search_key_valid(key))) {
        return fb_search_bad(p, apr_pstrcat(p, at, ".field", NULL),
                             apr_psprintf(p, "'%s.field' names no field "
                                          "that can be searched on.", at));
    }
    if (f->kind == SF_NONE) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                             apr_pstrcat(p, at, ".field", NULL), f->why);
    }
    opname = json_object_is_type(opv, json_type_string)
             ? json_object_get_string(opv) : "";
    for (op = fb_search_ops; op->name != NULL; op++) {
        if (strcmp(op->name, opname) == 0) {
            break;
        }
    }
    if (op->name == NULL || !(f->ops & op->bit)) {
        return fb_search_bad(p, apr_pstrcat(p, at, ".operator", NULL),
                             apr_psprintf(p, "'%s.operator' must be one of "
                                          "%s for %s.", at,
                                          fb_search_op_names(p, f->ops),
                                          name));
    }
    vat = apr_pstrcat(p, at, ".value", NULL);
    values = fb_json_owned(p, json_object_new_array());
    if (op->many) {
        n = json_object_is_type(value, json_type_array)
            ? json_object_array_length(value) : 0;
        if (n < 1 || n > FB_SEARCH_MAX_VALUES) {
            return fb_search_bad(p, vat, apr_psprintf(
                p, "'%s' must be an array of 1 to %d values for %s.", vat,
                FB_SEARCH_MAX_VALUES, op->name));
        }
        for (i = 0; i < n; i++) {
            json_object *one;

            err = fb_search_value(p, f,
                                  json_object_array_get_idx(value, i),
                                  apr_psprintf(p, "%s[%lu]", vat,
                                               (unsigned long)i), &one);
            if (err != NULL) {
                return err;
            }
            json_object_array_add(values, one);
        }
    }
    else {
        json_object *one;

        if (json_object_is_type(value, json_type_array)) {
            return fb_search_bad(p, vat, apr_psprintf(
                p, "'%s' must be a single value for %s (use IN or NIN "
                "for a list).", vat, op->name));
        }
        if ((err = fb_search_value(p, f, value, vat, &one)) != NULL) {
            return err;
        }
        json_object_array_add(values, one);
    }
    *out = json_object_new_object();
    json_object_object_add(*out, "f", json_object_new_string(f->form));
    json_object_object_add(*out, "o", json_object_new_string(op->form));
    json_object_object_add(*out, "v", json_object_get(values));
    if (key != NULL) {
        json_object_object_add(*out, "k", json_object_new_string(key));
    }
    *excludes = op->negative && !f->bounded;
    return NULL;
}

/* The drive of an AND's clauses: the first that selects by tags or
 * participants. */
static void fb_search_drive(apr_pool_t *p, json_object *clauses,
                            fb_search_plan_t *plan)
{
    apr_size_t i, j, n = json_object_array_length(clauses);

    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(clauses, i);
        const char *f = fb_json_string(c, "f");
        json_object *v = json_object_object_get(c, "v");
        apr_array_header_t *ids;

        if (strcmp(fb_json_string(c, "o"), "in") != 0
            || (strcmp(f, "tagIds") != 0
                && strcmp(f, "participantId") != 0)) {
            continue;
        }
        ids = apr_array_make(p, 4, sizeof(const char *));
        for (j = 0; j < json_object_array_length(v); j++) {
            APR_ARRAY_PUSH(ids, const char *) = json_object_get_string(
                json_object_array_get_idx(v, j));
        }
        plan->drive = strcmp(f, "tagIds") == 0 ? FB_SEARCH_DRIVE_TAGS
                                               : FB_SEARCH_DRIVE_PEOPLE;
        plan->drive_ids = fb_db_text_array(p, ids);
        return;
    }
}

fb_error_t *fb_search_query(fb_req_t *fr, json_object *query,
                            fb_search_plan_t *plan)
{
    static const char *const group_members[] = {"operator", "value", NULL};
    apr_pool_t *p = fr->pool;
    json_object *out, *clauses, *items = NULL, *opv = NULL, *one;
    const char *op = "and", *extra;
    int excludes, any_excludes = 0, all_exclude = 1;
    fb_error_t *err;
    apr_size_t i, n;

    memset(plan, 0, sizeof(*plan));
    if (query == NULL) {
        return NULL;
    }
    out = fb_json_owned(p, json_object_new_object());
    clauses = json_object_new_array();
    json_object_object_add(out, "c", clauses);
    if (json_object_object_get_ex(query, "field", NULL)) {
        if ((err = fb_search_clause(p, query, "query", &one, &excludes))
            != NULL) {
            return err;
        }
        json_object_array_add(clauses, one);
        any_excludes = all_exclude = excludes;
    }
    else {
        if ((extra = fb_search_extra(query, group_members)) != NULL) {
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
            if ((err = fb_search_clause(p, item, at, &one, &excludes))
                != NULL) {
                return err;
            }
            json_object_array_add(clauses, one);
            any_excludes |= excludes;
            all_exclude &= excludes;
        }
    }
    json_object_object_add(out, "op", json_object_new_string(op));
    /* An OR is as broad as its broadest clause; an AND as its
     * narrowest. */
    plan->broad = strcmp(op, "or") == 0 ? any_excludes : all_exclude;
    plan->filter = fb_json_text(p, out);
    if (strcmp(op, "and") == 0) {
        fb_search_drive(p, clauses, plan);
    }
    return NULL;
}
