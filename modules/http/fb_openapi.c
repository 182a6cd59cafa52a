/*
 * fb_openapi: the served OpenAPI description (fb_openapi.h).
 */
#include <stdarg.h>

#include "apr_lib.h"
#include "apr_strings.h"
#include "http_protocol.h"

#include "fb_audit.h"
#include "fb_error.h"
#include "fb_etag.h"
#include "fb_json.h"
#include "fb_handler.h"
#include "fb_idempotency.h"
#include "fb_openapi.h"
#include "fb_perm.h"
#include "fb_request.h"
#include "fb_schema.h"
#include "fb_version.h"

#define FB_SCHEMA_REF "#/components/schemas/"
#define FB_PARAM_REF "#/components/parameters/"

/* Built in the parent before the children are forked; then read only. */
static const char *fb_openapi_doc;
static const char *fb_openapi_doc_etag;

/* One build: the parts' entries, and the first failure's reason. */
typedef struct {
    apr_pool_t *p;
    const char *why;
    json_object *ops;       /* "METHOD /path" -> the part's entry */
    json_object *tags;      /* "METHOD /path" -> the part's tag */
    json_object *routed;    /* "METHOD /path" -> true once a route has it */
    json_object *schemas;   /* components.schemas */
    json_object *ids;       /* operationId -> true */
    const char *missing;    /* the routes no part describes */
} fb_build_t;

static int fb_fail(fb_build_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fb_fail(fb_build_t *b, const char *fmt, ...)
{
    va_list ap;

    if (b->why == NULL) {
        va_start(ap, fmt);
        b->why = apr_pvsprintf(b->p, fmt, ap);
        va_end(ap);
    }
    return 0;
}

static json_object *fb_ref(fb_build_t *b, const char *base, const char *name)
{
    json_object *r = json_object_new_object();

    fb_json_put_str(r, "$ref", apr_pstrcat(b->p, base, name, NULL));
    return r;
}

/* ---- the parts ---- */

static int fb_part_entry_valid(fb_build_t *b, const char *file,
                               const char *key, json_object *entry)
{
    if (!json_object_is_type(entry, json_type_object)) {
        return fb_fail(b, "%s: \"%s\" is not an object", file, key);
    }
    json_object_object_foreach(entry, name, v) {
        if (strcmp(name, "summary") == 0 || strcmp(name, "description") == 0
            || strcmp(name, "operationId") == 0) {
            if (!json_object_is_type(v, json_type_string)) {
                return fb_fail(b, "%s: %s of \"%s\" is not a string", file,
                               name, key);
            }
        }
        else if (strcmp(name, "rules") == 0) {
            if (!json_object_is_type(v, json_type_object)) {
                return fb_fail(b, "%s: rules of \"%s\" is not an object",
                               file, key);
            }
            json_object_object_foreach(v, param, text) {
                if (!json_object_is_type(text, json_type_string)) {
                    return fb_fail(b, "%s: the rule of %s of \"%s\" is "
                                   "not a sentence", file, param, key);
                }
            }
        }
        else if (strcmp(name, "extension") == 0) {
            if (!json_object_is_type(v, json_type_boolean)) {
                return fb_fail(b, "%s: extension of \"%s\" is not a "
                               "boolean", file, key);
            }
        }
        else if (strlen(name) != 3 || name[0] < '1' || name[0] > '3'
                 || !apr_isdigit(name[1]) || !apr_isdigit(name[2])) {
            return fb_fail(b, "%s: \"%s\" has an unknown member \"%s\"",
                           file, key, name);
        }
    }
    if (fb_json_member(entry, "summary") == NULL) {
        return fb_fail(b, "%s: \"%s\" has no summary", file, key);
    }
    return 1;
}

static int fb_part_load(fb_build_t *b, const fb_openapi_part_t *part)
{
    enum json_tokener_error jerr;
    json_object *root = json_tokener_parse_verbose(part->text, &jerr);
    json_object *ops, *schemas, *tag;
    int ok = 1;

    if (root == NULL || !json_object_is_type(root, json_type_object)) {
        json_object_put(root);
        return fb_fail(b, "%s: not a JSON object (%s)", part->file,
                       json_tokener_error_desc(jerr));
    }
    tag = fb_json_member(root, "tag");
    ops = fb_json_member(root, "operations");
    schemas = fb_json_member(root, "schemas");
    if (!json_object_is_type(tag, json_type_string)
        || !json_object_is_type(ops, json_type_object)
        || (schemas != NULL
            && !json_object_is_type(schemas, json_type_object))
        || json_object_object_length(root) != 2 + (schemas != NULL)) {
        json_object_put(root);
        return fb_fail(b, "%s: needs a tag, operations and optionally "
                       "schemas, nothing else", part->file);
    }
    {
        json_object_object_foreach(ops, key, entry) {
            if (fb_json_member(b->ops, key) != NULL) {
                ok = fb_fail(b, "%s: \"%s\" is described twice", part->file,
                             key);
                break;
            }
            if (!(ok = fb_part_entry_valid(b, part->file, key, entry))) {
                break;
            }
            fb_json_put(b->ops, key, json_object_get(entry));
            fb_json_put(b->tags, key, json_object_get(tag));
        }
    }
    if (ok && schemas != NULL) {
        json_object_object_foreach(schemas, name, schema) {
            if (fb_json_member(b->schemas, name) != NULL) {
                ok = fb_fail(b, "%s: schema %s is defined twice",
                             part->file, name);
                break;
            }
            fb_json_put(b->schemas, name, json_object_get(schema));
        }
    }
    json_object_put(root);
    return ok;
}

/* ---- what every operation shares ---- */

/* The error envelope; the choices of type, code and status are filled in
 * from the error table. */
static const char fb_error_envelope[] =
    "{\"type\": \"object\", \"required\": [\"error\"],"
    " \"additionalProperties\": false, \"properties\": {\"error\": {"
    "  \"type\": \"object\","
    "  \"required\": [\"type\", \"code\", \"message\", \"status\"],"
    "  \"additionalProperties\": false, \"properties\": {"
    "   \"type\": {\"enum\": []},"
    "   \"code\": {\"enum\": []},"
    "   \"message\": {\"type\": \"string\"},"
    "   \"param\": {\"type\": \"string\","
    "    \"description\": \"The parameter or field at fault.\"},"
    "   \"status\": {\"enum\": []},"
    "   \"details\": {\"type\": \"array\", \"items\": {"
    "    \"type\": \"object\", \"required\": [\"path\", \"message\"],"
    "    \"additionalProperties\": false, \"properties\": {"
    "     \"path\": {\"type\": \"string\"},"
    "     \"message\": {\"type\": \"string\"}}}}}}}}";

/* Adds v to the array a unless an equal value is there; puts v if so. */
static void fb_add_once(json_object *a, json_object *v)
{
    size_t i;

    for (i = 0; i < json_object_array_length(a); i++) {
        if (json_object_equal(json_object_array_get_idx(a, i), v)) {
            json_object_put(v);
            return;
        }
    }
    json_object_array_add(a, v);
}

/* The choices of the member name of the properties props. */
static json_object *fb_enum_of(json_object *props, const char *name)
{
    return fb_json_member(fb_json_member(props, name), "enum");
}

static json_object *fb_error_schema(void)
{
    json_object *e = json_tokener_parse(fb_error_envelope);
    json_object *props = fb_json_member(fb_json_member(fb_json_member(
        e, "properties"), "error"), "properties");
    json_object *types = fb_enum_of(props, "type");
    json_object *codes = fb_enum_of(props, "code");
    json_object *statuses = fb_enum_of(props, "status");
    int i;

    for (i = 0; i < FB_E__COUNT; i++) {
        const fb_error_def_t *def = fb_error_def((fb_error_e)i);

        fb_add_once(types, json_object_new_string(def->type));
        json_object_array_add(codes, json_object_new_string(def->code));
        fb_add_once(statuses, json_object_new_int(def->status));
    }
    return e;
}

static json_object *fb_header_param(const char *name, const char *text,
                                    json_object *schema)
{
    json_object *h = json_object_new_object();

    fb_json_put_str(h, "name", name);
    fb_json_put_str(h, "in", "header");
    fb_json_put_str(h, "description", text);
    if (schema == NULL) {
        schema = json_object_new_object();
        fb_json_put_str(schema, "type", "string");
    }
    fb_json_put(h, "schema", schema);
    return h;
}

/* A string of the form f (fb_validate.h). */
static json_object *fb_format_schema(const fb_field_format_t *f)
{
    json_object *s = json_object_new_object();

    fb_json_put_str(s, "type", "string");
    if (f->pattern != NULL) {
        fb_json_put_str(s, "pattern", f->pattern);
    }
    if (f->min > 0) {
        fb_json_put(s, "minLength", json_object_new_int64(f->min));
    }
    if (f->max > 0) {
        fb_json_put(s, "maxLength", json_object_new_int64(f->max));
    }
    return s;
}

/* The versions the server knows, as the version headers take them. */
static json_object *fb_version_schema(void)
{
    json_object *s = json_object_new_object(), *e = json_object_new_array();
    int i;

    fb_json_put_str(s, "type", "string");
    for (i = 0; i < FB_VERSION__COUNT; i++) {
        json_object_array_add(e, json_object_new_string(fb_version_name(i)));
    }
    fb_json_put(s, "enum", e);
    return s;
}

static json_object *fb_components(fb_build_t *b)
{
    json_object *c = json_object_new_object();
    json_object *params = json_object_new_object();
    json_object *sec = json_object_new_object(), *v, *h;

    fb_json_put(b->schemas, "Error", fb_error_schema());
    fb_json_put(b->schemas, FB_SCHEMA_JSON_VALUE, fb_schema_json_value());
    fb_json_put(b->schemas, FB_SCHEMA_JSON_OBJECT, fb_schema_json_object());
    fb_json_put(c, "schemas", json_object_get(b->schemas));

    fb_json_put(b->schemas, "FeaturebaseVersion", fb_version_schema());
    fb_json_put(params, "FeaturebaseVersion", fb_header_param(
        "Featurebase-Version", "The API version to answer with; the "
        "organization's own when absent.  Also read as Service-Version: "
        "given both, they must name the same version.",
        fb_ref(b, FB_SCHEMA_REF, "FeaturebaseVersion")));
    fb_json_put(params, "ServiceVersion", fb_header_param(
        "Service-Version", "The API version to answer with (as "
        "Featurebase-Version, which it must agree with when both are "
        "given); the organization's own when absent.",
        fb_ref(b, FB_SCHEMA_REF, "FeaturebaseVersion")));
    fb_json_put(params, "IdempotencyKey", fb_header_param(
        "Idempotency-Key", "Replays the first answer to a repeated write "
        "with the same key and body.",
        fb_format_schema(&fb_idempotency_key_format)));
    fb_json_put(params, "IfMatch", fb_header_param(
        "If-Match", "Carries out the change only while the resource's "
        "entity tag is one of these (or * for any).", NULL));
    fb_json_put(params, "IfNoneMatch", fb_header_param(
        "If-None-Match", "Answers 304 without a body while the "
        "resource's entity tag is one of these.", NULL));
    fb_json_put(c, "parameters", params);
    fb_json_put(c, "headers", v = json_object_new_object());
    fb_json_put(v, "ETag", h = json_object_new_object());
    fb_json_put_str(h, "description", "The entity tag of the resource as "
                    "the answer shows it, for If-None-Match and If-Match.");
    fb_json_put(h, "schema", v = json_object_new_object());
    fb_json_put_str(v, "type", "string");
    fb_json_put_str(v, "pattern", FB_ETAG_PATTERN);

    fb_json_put(sec, "bearerAuth", v = json_object_new_object());
    fb_json_put_str(v, "type", "http");
    fb_json_put_str(v, "scheme", "bearer");
    fb_json_put_str(v, "description",
                    "An API key: Authorization: Bearer sk_...");
    fb_json_put(sec, "apiKeyHeader", v = json_object_new_object());
    fb_json_put_str(v, "type", "apiKey");
    fb_json_put_str(v, "in", "header");
    fb_json_put_str(v, "name", "X-API-Key");
    fb_json_put(c, "securitySchemes", sec);
    return c;
}

/* ---- one operation ---- */

/* The list envelope; its items are the list's schema. */
static const char fb_list_envelope[] =
    "{\"type\": \"object\","
    " \"required\": [\"object\", \"data\", \"nextCursor\"],"
    " \"additionalProperties\": false, \"properties\": {"
    "  \"object\": {\"const\": \"list\"},"
    "  \"data\": {\"type\": \"array\"},"
    "  \"nextCursor\": {\"type\": [\"string\", \"null\"],"
    "   \"description\": \"Gives the next page as the cursor parameter;"
    " null on the last page.\"}}}";

/* The schema an answer names: see fb_openapi.h. */
static json_object *fb_answer_schema(fb_build_t *b, const char *key,
                                     json_object *answer)
{
    json_object *s, *v, *data;

    if (json_object_is_type(answer, json_type_string)) {
        return fb_ref(b, FB_SCHEMA_REF, json_object_get_string(answer));
    }
    if (json_object_is_type(answer, json_type_object)
        && json_object_object_length(answer) == 1) {
        if ((v = fb_json_member(answer, "schema")) != NULL) {
            return json_object_get(v);
        }
        if ((v = fb_json_member(answer, "array")) != NULL
            && json_object_is_type(v, json_type_string)) {
            s = json_object_new_object();
            fb_json_put_str(s, "type", "array");
            fb_json_put(s, "items", fb_ref(b, FB_SCHEMA_REF,
                                           json_object_get_string(v)));
            return s;
        }
        if ((v = fb_json_member(answer, "list")) != NULL
            && json_object_is_type(v, json_type_string)) {
            s = json_tokener_parse(fb_list_envelope);
            data = fb_json_member(fb_json_member(s, "properties"), "data");
            fb_json_put(data, "items", fb_ref(b, FB_SCHEMA_REF,
                                              json_object_get_string(v)));
            return s;
        }
    }
    fb_fail(b, "\"%s\": an answer is a schema name, {list}, {array}, "
            "{schema}, {media} or null", key);
    return NULL;
}

static json_object *fb_media_json(json_object *schema)
{
    json_object *content = json_object_new_object();
    json_object *media = json_object_new_object();

    fb_json_put(media, "schema", schema);
    fb_json_put(content, "application/json", media);
    return content;
}

/* The content of an answer: JSON of a schema, or {"media": type} for
 * the few answers that are pages or files. */
static json_object *fb_answer_content(fb_build_t *b, const char *key,
                                      json_object *answer)
{
    json_object *media = fb_json_member(answer, "media"), *c, *s;

    if (media == NULL || json_object_object_length(answer) != 1
        || !json_object_is_type(media, json_type_string)) {
        s = fb_answer_schema(b, key, answer);
        return s != NULL ? fb_media_json(s) : NULL;
    }
    /* A page or a file: its media type (a range where the stored file
     * decides) and no schema, as OpenAPI 3.1 describes bytes. */
    c = json_object_new_object();
    fb_json_put(c, json_object_get_string(media), json_object_new_object());
    return c;
}

/* Answers that carry the resource's entity tag: a GET's or a PATCH's
 * success that is one resource (not a list page, fr->is_list), JSON
 * (fb_request.c). */
static int fb_answer_tagged(const char *method, const char *status,
                            json_object *answer)
{
    return (strcmp(method, "GET") == 0 || strcmp(method, "PATCH") == 0)
           && strcmp(status, "200") == 0
           && answer != NULL && fb_json_member(answer, "list") == NULL
           && fb_json_member(answer, "array") == NULL
           && fb_json_member(answer, "media") == NULL;
}

static json_object *fb_responses(fb_build_t *b, const char *key,
                                 const char *method, json_object *entry)
{
    json_object *rs = json_object_new_object(), *r, *h;

    json_object_object_foreach(entry, name, answer) {
        if (!apr_isdigit(name[0])) {
            continue;
        }
        r = json_object_new_object();
        fb_json_put_str(r, "description",
                        ap_get_status_line(atoi(name)) + 4);
        if (answer != NULL) {
            json_object *c = fb_answer_content(b, key, answer);

            if (c == NULL) {
                json_object_put(r);
                json_object_put(rs);
                return NULL;
            }
            fb_json_put(r, "content", c);
        }
        if (fb_answer_tagged(method, name, answer)) {
            fb_json_put(r, "headers", h = json_object_new_object());
            fb_json_put(h, "ETag", fb_ref(b, "#/components/headers/",
                                          "ETag"));
        }
        fb_json_put(rs, name, r);
    }
    if (json_object_object_length(rs) == 0) {
        json_object_put(rs);
        fb_fail(b, "\"%s\": no answer is described", key);
        return NULL;
    }
    if (strcmp(method, "GET") == 0) {
        r = json_object_new_object();
        fb_json_put_str(r, "description", "Not Modified: If-None-Match named "
                        "the current entity tag.");
        fb_json_put(rs, "304", r);
    }
    r = json_object_new_object();
    fb_json_put_str(r, "description", "An error, in the error envelope.");
    fb_json_put(r, "content",
                fb_media_json(fb_ref(b, FB_SCHEMA_REF, "Error")));
    fb_json_put(rs, "default", r);
    return rs;
}

static json_object *fb_parameters(fb_build_t *b, const char *path,
                                  const char *method, const fb_op_t *op)
{
    json_object *list = json_object_new_array(), *query;
    const char *seg = path;
    apr_size_t i;

    /* The template's {name} segments. */
    while ((seg = strchr(seg, '{')) != NULL) {
        const char *end = strchr(seg, '}');
        const char *name = apr_pstrmemdup(b->p, seg + 1, end - seg - 1);
        const fb_field_format_t *form = fb_op_path_format(op, name);
        json_object *param = json_object_new_object(), *s;

        fb_json_put_str(param, "name", name);
        fb_json_put_str(param, "in", "path");
        fb_json_put(param, "required", json_object_new_boolean(1));
        if (form != NULL) {
            s = fb_format_schema(form);
        }
        else {
            /* Any text (as a path segment carries it). */
            s = json_object_new_object();
            fb_json_put_str(s, "type", "string");
            fb_json_put(s, "minLength", json_object_new_int(1));
        }
        fb_json_put(param, "schema", s);
        json_object_array_add(list, param);
        seg = end;
    }
    query = fb_schema_query_params(op->query);
    for (i = 0; i < json_object_array_length(query); i++) {
        json_object_array_add(list, json_object_get(
                                  json_object_array_get_idx(query, i)));
    }
    json_object_put(query);
    if (!(op->flags & FB_OP_PUBLIC)) {
        json_object_array_add(list, fb_ref(b, FB_PARAM_REF,
                                           "FeaturebaseVersion"));
        json_object_array_add(list, fb_ref(b, FB_PARAM_REF,
                                           "ServiceVersion"));
        /* As fb_idempotency.c honours it: POSTs that show no secret. */
        if (strcmp(method, "POST") == 0 && !(op->flags & FB_OP_SECRET)) {
            json_object_array_add(list, fb_ref(b, FB_PARAM_REF,
                                               "IdempotencyKey"));
        }
    }
    if (strcmp(method, "PATCH") == 0 || strcmp(method, "DELETE") == 0) {
        json_object_array_add(list, fb_ref(b, FB_PARAM_REF, "IfMatch"));
    }
    if (strcmp(method, "GET") == 0) {
        json_object_array_add(list, fb_ref(b, FB_PARAM_REF, "IfNoneMatch"));
    }
    return list;
}

static json_object *fb_request_body(const fb_op_t *op)
{
    json_object *body = json_object_new_object();
    json_object *schema = fb_schema_of_rules(op->body);
    json_object *content = fb_media_json(schema);

    if (op->flags & FB_OP_UPLOAD) {
        json_object *media = json_object_new_object(), *s;

        s = fb_schema_of_rules(op->body);
        fb_json_put_str(s, "description", "The members of the JSON body as "
                        "form fields (objects and arrays as JSON text), and "
                        "the files as parts with a file name.");
        fb_json_put(s, "additionalProperties", json_object_new_boolean(1));
        fb_json_put(media, "schema", s);
        fb_json_put(content, "multipart/form-data", media);
    }
    fb_json_put(body, "required", json_object_new_boolean(
                    fb_json_member(schema, "required") != NULL));
    fb_json_put(body, "content", content);
    return body;
}

/*
 * The operation's id: its part's (the reference's, where it has the
 * operation), else one made of the method and the path, "get" +
 * "Webhooks" + "ById" + "Deliveries" for GET /webhooks/{id}/deliveries,
 * which no two routes share.  Two operations given one id fail the build.
 */
static json_object *fb_operation_id(fb_build_t *b, const fb_route_t *route,
                                    json_object *entry)
{
    json_object *given = fb_json_member(entry, "operationId");
    char *id, *seg, *last;
    const char *made;

    if (given != NULL) {
        made = json_object_get_string(given);
    }
    else {
        id = apr_pstrdup(b->p, route->method);
        ap_str_tolower(id);
        made = id;
        for (seg = apr_strtok(apr_pstrdup(b->p, route->path), "/", &last);
             seg != NULL; seg = apr_strtok(NULL, "/", &last)) {
            int by = *seg == '{', up = 1;
            char *c, *word = apr_pstrdup(b->p, by ? seg + 1 : seg);

            /* Its letters and digits, each word capitalised. */
            for (c = word, id = word; *c != '\0'; c++) {
                if (!apr_isalnum(*c)) {
                    up = 1;
                    continue;
                }
                *id++ = up ? apr_toupper(*c) : *c;
                up = 0;
            }
            *id = '\0';
            made = apr_pstrcat(b->p, made, by ? "By" : "", word, NULL);
        }
    }
    if (fb_json_member(b->ids, made) != NULL) {
        fb_fail(b, "the operationId %s is given twice", made);
    }
    fb_json_put(b->ids, made, json_object_new_boolean(1));
    return json_object_new_string(made);
}

/* Whether rules (query or body) name a member name. */
static int fb_query_names(const fb_query_rule_t *q, const char *name)
{
    for (; q != NULL && q->name != NULL; q++) {
        if (strcmp(q->name, name) == 0) {
            return 1;
        }
    }
    return 0;
}

static int fb_body_names(const fb_field_rule_t *f, const char *name)
{
    for (; f != NULL && f->name != NULL; f++) {
        if (f->type != FB_FIELD_GROUP && strcmp(f->name, name) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The rules of an operation its schemas cannot say: its part's, and a
 * cursor's, which every list and search has (a new object). */
static json_object *fb_rules(const fb_op_t *op, json_object *entry)
{
    json_object *given = fb_json_member(entry, "rules");
    json_object *rules = json_object_new_object();

    if (fb_query_names(op->query, "cursor")
        || ((op->flags & FB_OP_BODY) && fb_body_names(op->body, "cursor"))) {
        fb_json_put_str(rules, "cursor", "A nextCursor that a page of the "
                        "same request gave.");
    }
    if (given != NULL) {
        json_object_object_foreach(given, param, text) {
            fb_json_put(rules, param, json_object_get(text));
        }
    }
    return rules;
}

/*
 * The operation's description: its part's, then the rules the schemas
 * cannot say (the entry's "rules": what a parameter or member must be
 * beyond its schema, each a sentence, also given as x-rules so that a
 * client can tell which 400s the description foresees).
 */
static const char *fb_description(fb_build_t *b, json_object *entry,
                                  json_object *rules)
{
    json_object *given = fb_json_member(entry, "description");
    const char *text = given != NULL ? json_object_get_string(given) : "";

    if (rules != NULL && json_object_object_length(rules) > 0) {
        text = apr_pstrcat(b->p, text, *text ? " " : "", "Beyond the "
                           "schemas:", NULL);
        json_object_object_foreach(rules, param, rule) {
            text = apr_pstrcat(b->p, text, " ", param, ": ",
                               json_object_get_string(rule), NULL);
        }
    }
    return text;
}

static json_object *fb_operation(fb_build_t *b, const fb_route_t *route)
{
    const fb_op_t *op = route->op;
    const char *key = apr_pstrcat(b->p, route->method, " ", route->path,
                                  NULL);
    json_object *entry = fb_json_member(b->ops, key), *o, *v, *rs, *rules;
    const char *desc;

    if (entry == NULL) {
        /* Listed all at once: a new family sees every route it owes. */
        b->missing = apr_pstrcat(b->p, b->missing ? b->missing : "",
                                 b->missing ? ", " : "", key, NULL);
        return NULL;
    }
    fb_json_put(b->routed, key, json_object_new_boolean(1));
    if ((rs = fb_responses(b, key, route->method, entry)) == NULL) {
        return NULL;
    }
    o = json_object_new_object();
    fb_json_put(o, "tags", v = json_object_new_array());
    json_object_array_add(v, json_object_get(fb_json_member(b->tags, key)));
    fb_json_put(o, "operationId", fb_operation_id(b, route, entry));
    fb_json_put(o, "summary",
                json_object_get(fb_json_member(entry, "summary")));
    rules = fb_rules(op, entry);
    if (*(desc = fb_description(b, entry, rules)) != '\0') {
        fb_json_put_str(o, "description", desc);
    }
    if (json_object_object_length(rules) > 0) {
        fb_json_put(o, "x-rules", rules);
    }
    else {
        json_object_put(rules);
    }
    fb_json_put(o, "parameters",
                fb_parameters(b, route->path, route->method, op));
    if (op->flags & FB_OP_BODY) {
        fb_json_put(o, "requestBody", fb_request_body(op));
    }
    fb_json_put(o, "responses", rs);
    if (op->flags & FB_OP_PUBLIC) {
        fb_json_put(o, "security", json_object_new_array());
    }
    if (json_object_get_boolean(fb_json_member(entry, "extension"))) {
        fb_json_put(o, "x-extension", json_object_new_boolean(1));
    }
    if (op->min_version > FB_VERSION_CLOVER) {
        fb_json_put_str(o, "x-min-version", fb_version_name(op->min_version));
    }
    if (op->permission != FB_PERM_NONE) {
        fb_json_put_str(o, "x-permission", fb_perm_name(op->permission));
    }
    if (op->audit != NULL) {
        fb_json_put_str(o, "x-audit-action", op->audit->action);
    }
    return o;
}

/* ---- the whole ---- */

/* Fails when a reference anywhere in v names no schema or parameter. */
static int fb_refs_resolve(fb_build_t *b, json_object *doc, json_object *v)
{
    size_t i;

    if (json_object_is_type(v, json_type_array)) {
        for (i = 0; i < json_object_array_length(v); i++) {
            if (!fb_refs_resolve(b, doc, json_object_array_get_idx(v, i))) {
                return 0;
            }
        }
        return 1;
    }
    if (!json_object_is_type(v, json_type_object)) {
        return 1;
    }
    json_object_object_foreach(v, key, member) {
        if (strcmp(key, "$ref") == 0) {
            const char *ref = json_object_get_string(member);
            json_object *at = doc;
            char *rest, *tok, *last;

            if (ref == NULL || ref[0] != '#' || ref[1] != '/') {
                return fb_fail(b, "the reference %s is not local",
                               ref ? ref : "(not a string)");
            }
            rest = apr_pstrdup(b->p, ref + 2);
            for (tok = apr_strtok(rest, "/", &last); tok != NULL;
                 tok = apr_strtok(NULL, "/", &last)) {
                if ((at = fb_json_member(at, tok)) == NULL) {
                    return fb_fail(b, "the reference %s names nothing",
                                   ref);
                }
            }
        }
        else if (!fb_refs_resolve(b, doc, member)) {
            return 0;
        }
    }
    return 1;
}

static json_object *fb_document(fb_build_t *b, const fb_route_t *const *t)
{
    json_object *doc = json_object_new_object(), *v, *paths, *sec;
    const fb_openapi_part_t *part;
    const fb_route_t *route;

    for (part = fb_openapi_parts; part->file != NULL; part++) {
        if (!fb_part_load(b, part)) {
            return doc;
        }
    }
    fb_json_put_str(doc, "openapi", "3.1.0");
    fb_json_put(doc, "info", v = json_object_new_object());
    fb_json_put_str(v, "title", "mod_feedback");
    fb_json_put_str(v, "version", fb_version_name(FB_VERSION__COUNT - 1));
    fb_json_put_str(v, "description",
                    "Feedback boards, changelogs, people and a support "
                    "inbox, served by Apache httpd. Operations marked "
                    "x-extension go beyond the hosted API this one "
                    "mirrors; x-min-version names the oldest API version "
                    "that has one; x-audit-action, the action of the audit "
                    "log entry (GET /v2/audit-logs) a write leaves.");
    fb_json_put(doc, "servers", v = json_object_new_array());
    json_object_array_add(v, json_object_new_object());
    fb_json_put_str(json_object_array_get_idx(v, 0), "url", "/");
    fb_json_put(doc, "security", sec = json_object_new_array());
    json_object_array_add(sec, v = json_object_new_object());
    fb_json_put(v, "bearerAuth", json_object_new_array());
    json_object_array_add(sec, v = json_object_new_object());
    fb_json_put(v, "apiKeyHeader", json_object_new_array());
    fb_json_put(doc, "paths", paths = json_object_new_object());

    for (; *t != NULL; t++) {
        for (route = *t; route->method != NULL; route++) {
            const char *path = apr_pstrcat(b->p, FB_API_PREFIX,
                                           route->path, NULL);
            json_object *item = fb_json_member(paths, path), *o;
            char *method = apr_pstrdup(b->p, route->method);

            if ((o = fb_operation(b, route)) == NULL) {
                if (b->why != NULL) {
                    return doc;
                }
                continue;
            }
            if (item == NULL) {
                fb_json_put(paths, path, item = json_object_new_object());
            }
            ap_str_tolower(method);
            fb_json_put(item, method, o);
        }
    }
    if (b->missing != NULL) {
        fb_fail(b, "routes no part describes: %s", b->missing);
        return doc;
    }
    {
        json_object_object_foreach(b->ops, key, entry) {
            (void)entry;
            if (fb_json_member(b->routed, key) == NULL) {
                fb_fail(b, "\"%s\" is described but has no route", key);
                return doc;
            }
        }
    }
    fb_json_put(doc, "components", fb_components(b));
    fb_refs_resolve(b, doc, doc);
    return doc;
}

apr_status_t fb_openapi_build(apr_pool_t *p, const fb_route_t *const *tables,
                              const char **why)
{
    fb_build_t b = {.p = p, .ops = json_object_new_object(),
                    .tags = json_object_new_object(),
                    .routed = json_object_new_object(),
                    .schemas = json_object_new_object(),
                    .ids = json_object_new_object()};
    json_object *doc = fb_document(&b, tables);

    if (b.why == NULL) {
        fb_openapi_doc = apr_pstrdup(p, json_object_to_json_string_ext(
                                            doc, JSON_C_TO_STRING_PLAIN
                                            | JSON_C_TO_STRING_NOSLASHESCAPE));
        fb_openapi_doc_etag = fb_etag_of(p, fb_openapi_doc);
    }
    json_object_put(doc);
    json_object_put(b.ops);
    json_object_put(b.tags);
    json_object_put(b.routed);
    json_object_put(b.schemas);
    json_object_put(b.ids);
    *why = b.why;
    return b.why == NULL ? APR_SUCCESS : APR_EINVAL;
}

const char *fb_openapi_text(void)
{
    return fb_openapi_doc;
}

const char *fb_openapi_etag(void)
{
    return fb_openapi_doc_etag;
}
