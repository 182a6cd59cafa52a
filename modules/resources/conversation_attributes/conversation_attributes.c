/*
 * conversation_attributes: the definitions conversations' customAttributes
 * are keyed by (/conversation_attributes).  Nova and newer, like every
 * conversation call.
 *
 * The reads are the official client's conversationAttributes.list and
 * retrieve: archived definitions are left out of the list unless
 * includeArchived=true; retrieve reads any.  Creating and changing
 * definitions are management extensions (fb_manage.h), under
 * manage_custom_fields.  A definition is never deleted: PATCH archived
 * true archives it (its values stay stored, hidden from answers, and no
 * write may name it), false brings it and its values back.  Options
 * given replace the list (ids kept, new ones get one); the values of
 * conversations naming an option no longer there are dropped in the same
 * statement.  fieldSubType and identifier are chosen once.
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "conversation.h"
#include "conversation_attributes.h"
#include "custom_fields/custom_fields.h"
#include "custom_fields/field_values.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_manage.h"
#include "fb_resource.h"

/* A definition's columns (over a row x of conversation_attributes), and
 * its JSON. */
#define ATTRIBUTE_COLUMNS \
    "x.id, x.identifier, x.name, x.field_sub_type, x.options, x.archived, " \
    "x.created_at AT TIME ZONE 'UTC', x.updated_at AT TIME ZONE 'UTC'"

enum {
    ATTRIBUTE_COL_ID, ATTRIBUTE_COL_IDENTIFIER, ATTRIBUTE_COL_NAME,
    ATTRIBUTE_COL_SUB_TYPE, ATTRIBUTE_COL_OPTIONS, ATTRIBUTE_COL_ARCHIVED,
    ATTRIBUTE_COL_CREATED_AT, ATTRIBUTE_COL_UPDATED_AT
};

#define FB_ATTRIBUTE_SUB_TYPE(sub, data) sub,
static const char *const fb_attribute_sub_types[] = {
    CONVERSATION_ATTRIBUTE_TYPES(FB_ATTRIBUTE_SUB_TYPE) NULL
};

static apr_status_t fb_attribute_data_type(fb_req_t *fr, fb_jsonw_t *w,
                                           const char *const *row)
{
    const char *type =
        fb_conversation_attribute_data_type(row[ATTRIBUTE_COL_SUB_TYPE]);

    (void)fr;
    if (type == NULL) {
        return APR_EGENERAL;    /* the table's CHECK keeps this away */
    }
    fb_jsonw_string(w, type);
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_attribute_members[] = {
    FB_RJ_CONST("object", "\"conversation_attribute\""),
    FB_RJ_STRING("id", ATTRIBUTE_COL_ID),
    FB_RJ_STRING("identifier", ATTRIBUTE_COL_IDENTIFIER),
    FB_RJ_STRING("name", ATTRIBUTE_COL_NAME),
    FB_RJ_FN("dataType", fb_attribute_data_type),
    FB_RJ_STRING("fieldSubType", ATTRIBUTE_COL_SUB_TYPE),
    FB_RJ_RAW("options", ATTRIBUTE_COL_OPTIONS),
    FB_RJ_BOOL("archived", ATTRIBUTE_COL_ARCHIVED),
    FB_RJ_TIME("createdAt", ATTRIBUTE_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", ATTRIBUTE_COL_UPDATED_AT),
    FB_RJ_END
};

static const fb_list_rows_t fb_attribute_rows = {
    .members = fb_attribute_members, .json_size = 384
};

FB_SQL(conversation_attribute_get, 1,
    "SELECT " ATTRIBUTE_COLUMNS " FROM conversation_attributes x "
    "WHERE x.org_id = %s AND x.id = %s");

/* (org, include archived): oldest first. */
FB_SQL(conversation_attribute_list, 1,
    "WITH k AS (SELECT %s::text AS org_id, %s::boolean AS archived) "
    "SELECT " ATTRIBUTE_COLUMNS " FROM conversation_attributes x, k "
    "WHERE x.org_id = k.org_id AND (k.archived OR NOT x.archived) "
    "ORDER BY x.created_at, x.id");

FB_MANAGE_SERIALIZE(conversation_attribute);

FB_SQL(conversation_attribute_lock, 1,
    "SELECT id FROM conversation_attributes "
    "WHERE org_id = %s AND id = %s FOR UPDATE");

#define ATTRIBUTE_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* (org, body) -> id.  Options keep the ids given, new ones get one
 * (CUSTOM_FIELD_OPTIONS, custom fields' own rule). */
FB_SQL(conversation_attribute_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO conversation_attributes (org_id, identifier, name, "
    "  field_sub_type, options) "
    "SELECT a.org_id, a.b ->> 'identifier', a.b ->> 'name', "
    "  a.b ->> 'fieldSubType', coalesce(" CUSTOM_FIELD_OPTIONS ", '[]') "
    "FROM a RETURNING id");

/* (org, id, body): the definition; when options were given, each
 * conversation's value naming an option no longer there loses it (a
 * select's value goes, a multi-select keeps the options left, and goes
 * when none is).  The lock has found the row. */
FB_SQL_WITH(conversation_attribute_update, manage,
    ATTRIBUTE_BODY ", "
    "x AS (UPDATE conversation_attributes x SET "
    "  name = coalesce(a.b ->> 'name', x.name), "
    "  options = CASE WHEN a.b ? 'options' "
    "    THEN coalesce(" CUSTOM_FIELD_OPTIONS ", '[]') ELSE x.options END, "
    "  archived = coalesce((a.b ->> 'archived')::boolean, x.archived), "
    "  updated_at = now() "
    "  FROM a WHERE x.org_id = a.org_id AND x.id = a.id "
    "  RETURNING x.org_id, x.id, x.field_sub_type, "
    "    ARRAY(SELECT o ->> 'id' FROM jsonb_array_elements(x.options) o) "
    "      AS ids, a.b ? 'options' AS reoptioned), "
    "v AS (SELECT c.org_id, c.id, x.id AS attribute, "
    "  c.custom_attributes -> x.id AS was, "
    "  CASE WHEN x.field_sub_type = 'select' THEN "
    "    CASE WHEN (c.custom_attributes ->> x.id) = ANY (x.ids) "
    "      THEN c.custom_attributes -> x.id END "
    "  ELSE (SELECT jsonb_agg(e.o ORDER BY e.n) "
    "    FROM jsonb_array_elements_text(c.custom_attributes -> x.id) "
    "      WITH ORDINALITY AS e(o, n) WHERE e.o = ANY (x.ids)) END AS kept "
    "  FROM x JOIN conversations c ON c.org_id = x.org_id "
    "  AND c.custom_attributes ? x.id "
    "  WHERE x.reoptioned "
    "  AND x.field_sub_type IN ('select', 'multi-select')) "
    "UPDATE conversations c SET "
    "  custom_attributes = CASE WHEN v.kept IS NULL "
    "    THEN c.custom_attributes - v.attribute "
    "    ELSE jsonb_set(c.custom_attributes, ARRAY[v.attribute], v.kept) "
    "  END, updated_at = now() "
    "FROM v WHERE c.org_id = v.org_id AND c.id = v.id "
    "AND v.kept IS DISTINCT FROM v.was");

/* (org, id or NULL, body) -> (param, rule, value): options belong to
 * select and multi-select attributes, which need at least one; an
 * option id given on a change must be one the attribute has. */
FB_SQL_WITH(conversation_attribute_refs, manage,
    ATTRIBUTE_BODY ", "
    "t AS (SELECT coalesce(a.b ->> 'fieldSubType', x.field_sub_type) AS t, "
    "  x.id IS NULL AS made, x.options "
    "  FROM a LEFT JOIN conversation_attributes x "
    "  ON x.org_id = a.org_id AND x.id = a.id) "
    "SELECT 'options', 'not_for_type', t.t FROM a, t "
    "WHERE t.t NOT IN ('select', 'multi-select') "
    "AND jsonb_array_length(coalesce(a.b -> 'options', '[]')) > 0 "
    "UNION ALL "
    "SELECT 'options', 'options_needed', t.t FROM a, t "
    "WHERE t.t IN ('select', 'multi-select') "
    "AND (t.made OR a.b ? 'options') "
    "AND jsonb_array_length(coalesce(a.b -> 'options', '[]')) = 0 "
    "UNION ALL "
    "SELECT 'options', 'unknown_option', o ->> 'id' "
    "FROM a, t, jsonb_array_elements(a.b -> 'options') o "
    "WHERE NOT t.made AND o ? 'id' AND NOT EXISTS (SELECT 1 "
    "  FROM jsonb_array_elements(t.options) h "
    "  WHERE h ->> 'id' = o ->> 'id') "
    "LIMIT 1");

/* (org, id or NULL, body) -> (rule, value): an identifier is the
 * organization's once. */
FB_SQL_WITH(conversation_attribute_conflicts, manage,
    ATTRIBUTE_BODY
    "SELECT 'identifier_taken', x.identifier "
    "FROM a JOIN conversation_attributes x ON x.org_id = a.org_id "
    "AND x.identifier = a.b ->> 'identifier' "
    "AND x.id IS DISTINCT FROM a.id");

/* (org, ids): the definitions a conversation write names, held until it
 * ends (an archive or a change of options waits). */
FB_SQL(conversation_attribute_values, 1,
    "WITH k AS (SELECT %s::text AS org_id, %s::text[] AS ids) "
    "SELECT x.id, x.field_sub_type, x.options, x.archived "
    "FROM conversation_attributes x, k "
    "WHERE x.org_id = k.org_id AND x.id = ANY (k.ids) FOR SHARE OF x");

static const fb_statement_t *const fb_conversation_attribute_statements[] = {
    &fb_sql_conversation_attribute_get, &fb_sql_conversation_attribute_list,
    &fb_sql_conversation_attribute_serialize,
    &fb_sql_conversation_attribute_lock,
    &fb_sql_conversation_attribute_insert,
    &fb_sql_conversation_attribute_update,
    &fb_sql_conversation_attribute_refs,
    &fb_sql_conversation_attribute_conflicts,
    &fb_sql_conversation_attribute_values, NULL
};

static const fb_resource_t fb_conversation_attributes = {
    .get = &fb_sql_conversation_attribute_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_conversation_attribute_list,
    .rows = &fb_attribute_rows,
};

/* What a user reads when a rule refuses a write: the definitions' own
 * (refs, conflicts) and a conversation's values (below). */
static const fb_rule_text_t fb_attribute_texts[] = {
    {"not_for_type", "A {value} attribute takes no options."},
    {"options_needed", "A {value} attribute needs at least one option."},
    {"unknown_option", "The attribute has no option with the id "
     "'{value}'; leave the id out to add an option."},
    {"identifier_taken", "Another conversation attribute has the "
     "identifier '{value}'."},
    {"duplicate_label", "Two options are labelled '{value}'."},
    {"duplicate_id", "Two options have the id '{value}'."},
    {"bad_identifier", "The identifier is made of lower-case letters, "
     "digits and underscores; '{value}' leaves none of them: give one."},
    {"unknown", "No conversation attribute has the id '{value}'."},
    {"archived", "The conversation attribute '{value}' is archived: "
     "restore it (archived: false) to set its values."},
    {"not_an_option", "The value is not one of the {value} attribute's "
     "options (by id or label)."},
    {"wrong_type", "The value does not fit a {value} attribute."},
    {NULL, NULL}
};

/* The text of rule with value. */
static const char *fb_attribute_text(fb_req_t *fr, const char *rule,
                                     const char *value)
{
    return fb_rule_text_of(fr, fb_attribute_texts, rule, value);
}

static int fb_attribute_identifier_valid(const char *s)
{
    return *s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_")
                         == strlen(s);
}

static const fb_field_format_t fb_attribute_identifier = {
    .valid = fb_attribute_identifier_valid,
    .what = "lower-case letters, digits and underscores",
    .pattern = "^[a-z0-9_]+$",
};

/* The identifier a name gives: its ASCII letters and digits lower-cased,
 * every run of anything else one underscore, none at the ends; NULL
 * when that leaves nothing. */
static const char *fb_attribute_identifier_of(apr_pool_t *p,
                                              const char *name)
{
    char *out = apr_palloc(p, strlen(name) + 1);
    apr_size_t o = 0;
    int gap = 0;

    for (; *name != '\0' && o < 64; name++) {
        unsigned char c = (unsigned char)*name;

        if (c < 0x80 && apr_isalnum(c)) {
            if (gap && o > 0) {
                out[o++] = '_';
            }
            if (o < 64) {
                out[o++] = (char)apr_tolower(c);
            }
            gap = 0;
        }
        else {
            gap = 1;
        }
    }
    out[o] = '\0';
    return o > 0 ? out : NULL;
}

/* What the field rules cannot see: labels and ids of options once each;
 * on create, the identifier the name gives when none is. */
static fb_error_t *fb_attribute_check(fb_req_t *fr, json_object *body,
                                      const char *id)
{
    json_object *options = json_object_object_get(body, "options");
    apr_size_t i, k, n = options ? json_object_array_length(options) : 0;

    if (id == NULL && fb_json_string(body, "identifier") == NULL) {
        const char *name = fb_json_string(body, "name");
        const char *made = fb_attribute_identifier_of(fr->pool, name);

        if (made == NULL) {
            return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                                 "identifier",
                                 fb_attribute_text(fr, "bad_identifier",
                                                   name));
        }
        json_object_object_add(body, "identifier",
                               json_object_new_string(made));
    }
    for (i = 0; i < n; i++) {
        json_object *o = json_object_array_get_idx(options, i);

        for (k = 0; k < i; k++) {
            json_object *q = json_object_array_get_idx(options, k);
            const char *a = fb_json_string(o, "id");
            const char *b = fb_json_string(q, "id");

            if (strcasecmp(fb_json_string(o, "label"),
                           fb_json_string(q, "label")) == 0) {
                return fb_error_make(
                    fr->pool, FB_E_INVALID_PARAMETER,
                    apr_psprintf(fr->pool, "options[%lu].label",
                                 (unsigned long)i),
                    fb_attribute_text(fr, "duplicate_label",
                                      fb_json_string(o, "label")));
            }
            if (a != NULL && b != NULL && strcmp(a, b) == 0) {
                return fb_error_make(
                    fr->pool, FB_E_INVALID_PARAMETER,
                    apr_psprintf(fr->pool, "options[%lu].id",
                                 (unsigned long)i),
                    fb_attribute_text(fr, "duplicate_id", a));
            }
        }
    }
    return NULL;
}

static const fb_field_rule_t fb_attribute_option_rules[] = {
    {.name = "id", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "label", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED | FB_FIELD_TRIM, .min = 1, .max = 255},
    {.name = NULL}
};

#define ATTRIBUTE_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, \
     .flags = (req) | FB_FIELD_TRIM, .min = 1, .max = 255}, \
    {.name = "options", .type = FB_FIELD_ARRAY, .max = 200, \
     .fields = fb_attribute_option_rules}

/* The subtype and the identifier are chosen once: values stored and
 * integrations depend on them. */
static const fb_field_rule_t fb_attribute_create_rules[] = {
    ATTRIBUTE_FIELDS(FB_FIELD_REQUIRED),
    {.name = "fieldSubType", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = fb_attribute_sub_types},
    {.name = "identifier", .type = FB_FIELD_STRING, .min = 1, .max = 64,
     .format = &fb_attribute_identifier},
    {.name = NULL}
};

static const fb_field_rule_t fb_attribute_update_rules[] = {
    ATTRIBUTE_FIELDS(0),
    {.name = "archived", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

static const fb_manage_t fb_attribute_manage = {
    .res = &fb_conversation_attributes,
    .object = "conversation_attribute",
    .check = fb_attribute_check,
    .serialize = &fb_sql_conversation_attribute_serialize,
    .lock = &fb_sql_conversation_attribute_lock,
    .refs = &fb_sql_conversation_attribute_refs,
    .conflicts = &fb_sql_conversation_attribute_conflicts,
    .insert = &fb_sql_conversation_attribute_insert,
    .update = &fb_sql_conversation_attribute_update,
    .messages = fb_attribute_texts,
};

static const fb_query_rule_t fb_attribute_list_rules[] = {
    {.name = "includeArchived", .type = FB_Q_BOOL},
    {.name = NULL}
};

/* GET /conversation_attributes: every definition in one page
 * (nextCursor null, as the client says), archived ones on request. */
static fb_error_t *fb_attribute_list(fb_req_t *fr)
{
    return fb_resource_list_with(
        fr, &fb_conversation_attributes,
        FB_ARGS(fb_bool_text(fb_query_bool(&fr->query, "includeArchived",
                                           0))));
}

/* The operations by hand, not FB_MANAGE_OPS: a definition has no
 * delete (archived instead), and the list takes a query. */
static const fb_op_t fb_attribute_list_op =
    FB_OP_READ(fb_attribute_list, FB_VERSION_NOVA,
               &fb_conversation_attributes, fb_attribute_list_rules);
static const fb_op_t fb_attribute_get_op =
    FB_OP_READ(fb_resource_get, FB_VERSION_NOVA,
               &fb_conversation_attributes, NULL);
static const fb_op_t fb_attribute_create_op = {
    .handler = fb_manage_create, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_CUSTOM_FIELDS,
    .body = fb_attribute_create_rules, .data = &fb_attribute_manage,
    .audit = FB_AUDIT_MADE("conversation_attribute.created",
                           "workspace_settings", "conversation_attribute"),
};
static const fb_op_t fb_attribute_update_op = {
    .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_CUSTOM_FIELDS,
    .body = fb_attribute_update_rules, .data = &fb_attribute_manage,
    .audit = FB_AUDIT_OF("conversation_attribute.updated",
                         "workspace_settings", "conversation_attribute"),
};

static const fb_route_t fb_conversation_attribute_routes[] = {
    {"GET", "/conversation_attributes", &fb_attribute_list_op},
    {"POST", "/conversation_attributes", &fb_attribute_create_op},
    {"GET", "/conversation_attributes/{id}", &fb_attribute_get_op},
    {"PATCH", "/conversation_attributes/{id}", &fb_attribute_update_op},
    {NULL, NULL, NULL}
};

/* The value checks of conversations' writes. */

typedef struct {
    fb_req_t *fr;
    json_object *out;
    fb_error_t *err;
} fb_attribute_values_t;

static void fb_attribute_refuse(fb_attribute_values_t *c, const char *key,
                                const char *rule, const char *value)
{
    apr_pool_t *p = c->fr->pool;
    const char *param = apr_pstrcat(p, "customAttributes.", key, NULL);
    const char *text = fb_attribute_text(c->fr, rule, value);

    if (c->err == NULL) {
        c->err = fb_error_make(p, FB_E_INVALID_PARAMETER, param, text);
    }
    fb_error_add_detail(p, c->err, apr_pstrcat(p, "body.", param, NULL),
                        text);
}

/* Whether v has the shape of a select's value (a string) or of a
 * multi-select's (an array of strings), so that a value that does not
 * fit is named as not an option rather than as of another type. */
static int fb_attribute_option_shaped(const char *sub, json_object *v)
{
    apr_size_t i;

    if (strcmp(sub, "select") == 0) {
        return json_object_is_type(v, json_type_string);
    }
    if (strcmp(sub, "multi-select") != 0
        || !json_object_is_type(v, json_type_array)) {
        return 0;
    }
    for (i = 0; i < json_object_array_length(v); i++) {
        if (!json_object_is_type(json_object_array_get_idx(v, i),
                                 json_type_string)) {
            return 0;
        }
    }
    return 1;
}

/* The given value v of key, whose definition is row r of defs (-1:
 * none), into c->out. */
static void fb_attribute_value(fb_attribute_values_t *c,
                               const fb_rows_t *defs, int r,
                               const char *key, const char *id,
                               json_object *v)
{
    const char *sub = fb_rows_get(defs, r, 1);
    json_object *stored;

    if (r < 0) {
        fb_attribute_refuse(c, key, "unknown", key);
        return;
    }
    if (strcmp(fb_rows_get(defs, r, 3), "t") == 0) {
        fb_attribute_refuse(c, key, "archived", id);
        return;
    }
    if (v == NULL) {
        json_object_object_add(c->out, id, NULL);   /* removes it */
        return;
    }
    stored = fb_field_value(sub, fb_json_owned(c->fr->pool,
                                               json_tokener_parse(
                                                   fb_rows_get(defs, r,
                                                               2))),
                            v);
    if (stored == NULL) {
        fb_attribute_refuse(c, key, fb_attribute_option_shaped(sub, v)
                                    ? "not_an_option" : "wrong_type", sub);
        return;
    }
    json_object_object_add(c->out, id, stored);
}

fb_error_t *fb_conversation_attributes_check(fb_req_t *fr,
                                             json_object *given,
                                             const char **out)
{
    apr_array_header_t *ids = apr_array_make(fr->pool, 8,
                                             sizeof(const char *));
    fb_attribute_values_t c = {.fr = fr, .out = NULL, .err = NULL};
    fb_rows_t defs;
    fb_error_t *err;
    int r;

    *out = NULL;
    if (given == NULL) {
        return NULL;
    }
    {
        json_object_object_foreach(given, key, v) {
            const char *id = fb_id_normalize(fr->pool, key);

            (void)v;
            if (id != NULL) {
                APR_ARRAY_PUSH(ids, const char *) = id;
            }
        }
    }
    if ((err = fb_req_select(fr, &fb_sql_conversation_attribute_values,
                             FB_ARGS(fb_db_text_array(fr->pool, ids)),
                             &defs)) != NULL) {
        return err;
    }
    c.out = fb_json_owned(fr->pool, json_object_new_object());
    {
        json_object_object_foreach(given, key, v) {
            const char *id = fb_id_normalize(fr->pool, key);

            for (r = 0; id != NULL && r < defs.nrows; r++) {
                if (strcmp(fb_rows_get(&defs, r, 0), id) == 0) {
                    break;
                }
            }
            fb_attribute_value(&c, &defs,
                               id != NULL && r < defs.nrows ? r : -1, key,
                               id, v);
        }
    }
    if (c.err != NULL) {
        return c.err;
    }
    *out = fb_json_text(fr->pool, c.out);
    return NULL;
}

const fb_resource_module_t fb_conversation_attributes_module = {
    .name = "conversation_attributes",
    .routes = fb_conversation_attribute_routes,
    .statements = fb_conversation_attribute_statements,
};
