/*
 * survey_write: creating, changing and deleting surveys (fb_manage.h),
 * and submitting and deleting their responses; management extensions
 * guarded by manage_surveys.  A response is checked against the pages
 * the survey has when it is written (read under the survey row's update
 * lock in the same transaction, so a concurrent change of the pages, or
 * another submission, waits).
 */
#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_manage.h"
#include "fb_resource.h"
#include "people/people.h"
#include "surveys.h"

#define SURVEY_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* Targeting has its four keys; what is given replaces them one by one. */
#define SURVEY_TARGETING(base) \
    "(" base " || coalesce(a.b -> 'targeting', '{}'))"

FB_SQL(survey_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO surveys (org_id, title, description, is_active, "
    "  targeting, pages) "
    "SELECT a.org_id, a.b ->> 'title', coalesce(a.b ->> 'description', ''), "
    "  coalesce((a.b ->> 'isActive')::boolean, false), "
    "  " SURVEY_TARGETING("'{\"segmentIds\": [], \"url\": [], \"css\": [], "
                         "\"loginRequired\": false}'::jsonb") ", "
    "  a.b -> 'pages' "
    "FROM a RETURNING id");

FB_SQL_WITH(survey_update, manage,
    SURVEY_BODY
    "UPDATE surveys x SET title = coalesce(a.b ->> 'title', x.title), "
    "  description = CASE WHEN a.b ? 'description' "
    "    THEN coalesce(a.b ->> 'description', '') ELSE x.description END, "
    "  is_active = coalesce((a.b ->> 'isActive')::boolean, x.is_active), "
    "  targeting = " SURVEY_TARGETING("x.targeting") ", "
    "  pages = coalesce(a.b -> 'pages', x.pages), "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

FB_MANAGE_SQL(survey, "surveys");

FB_SQL_NAMED(survey_response_insert, (survey, contact, answers, created_at),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS survey, "
    "  %s::text AS contact, %s::jsonb AS answers, "
    "  %s::timestamptz AS created_at) "
    "INSERT INTO survey_responses (org_id, survey_id, contact_id, answers, "
    "  created_at) "
    "SELECT k.org_id, k.survey, k.contact, k.answers, "
    "  coalesce(k.created_at, now()) FROM k "
    "RETURNING id");

/* A response (id) of a survey. */
FB_PARAMS(survey_response, (survey, id));

#define SURVEY_RESPONSE_ARGS \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS survey, " \
    "  %s::text AS id) "

FB_SQL_WITH(survey_response_get, survey_response,
    SURVEY_RESPONSE_ARGS
    "SELECT " SURVEY_RESPONSE_SELECT " " SURVEY_RESPONSE_FROM ", k "
    "WHERE r.org_id = k.org_id AND r.survey_id = k.survey AND r.id = k.id");

FB_SQL_WITH(survey_response_remove, survey_response,
    SURVEY_RESPONSE_ARGS
    "DELETE FROM survey_responses r USING k "
    "WHERE r.org_id = k.org_id AND r.survey_id = k.survey AND r.id = k.id");

static const fb_statement_t *const fb_survey_write_statements[] = {
    &fb_sql_survey_insert, &fb_sql_survey_update, &fb_sql_survey_lock,
    &fb_sql_survey_lock_change,
    &fb_sql_survey_remove, &fb_sql_survey_response_insert,
    &fb_sql_survey_response_get, &fb_sql_survey_response_remove, NULL
};

/* ---- surveys ---- */

static fb_error_t *fb_survey_check(fb_req_t *fr, json_object *body,
                                   const char *id)
{
    fb_error_t *err;

    (void)id;
    if ((err = fb_survey_pages_check(
             fr->pool, json_object_object_get(body, "pages"))) != NULL) {
        return err;
    }
    return fb_survey_targeting_check(
        fr->pool, json_object_object_get(body, "targeting"));
}

static const char *const fb_survey_page_types[] = {
    "text", "link", "rating", "multiple-choice", NULL
};
static const char *const fb_survey_link_targets[] = {
    "_blank", "_self", "_parent", "_top", NULL
};
static const char *const fb_survey_sub_types[] = {
    "number", "emoji", "generic", "service-posts", "nps", NULL
};
static const char *const fb_survey_next_types[] = {
    "page", "end", "next", NULL
};
static const char *const fb_survey_match_types[] = {
    "exact", "contains", "regex", NULL
};

#define SURVEY_TEXT(n, max_) \
    {.name = (n), .type = FB_FIELD_STRING, .max = (max_)}
#define SURVEY_ITEM_ID {.name = "id", .type = FB_FIELD_STRING, .min = 1, \
                        .max = 64}

static const fb_field_rule_t fb_survey_next_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_survey_next_types},
    {.name = "pageId", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_choice_rules[] = {
    SURVEY_ITEM_ID,
    {.name = "choice", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 500},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_logic_rules[] = {
    SURVEY_ITEM_ID,
    {.name = "comparator", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 64},
    {.name = "value", .type = FB_FIELD_ANY, .flags = FB_FIELD_REQUIRED},
    {.name = "next", .type = FB_FIELD_OBJECT, .flags = FB_FIELD_REQUIRED,
     .fields = fb_survey_next_rules},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_page_rules[] = {
    SURVEY_ITEM_ID,
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_survey_page_types},
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 500},
    SURVEY_TEXT("description", 2000), SURVEY_TEXT("placeholder", 255),
    SURVEY_TEXT("linkButtonText", 255),
    {.name = "linkRedirectUrl", .type = FB_FIELD_URL, .max = 2048},
    {.name = "linkTarget", .type = FB_FIELD_ENUM,
     .choices = fb_survey_link_targets},
    {.name = "subType", .type = FB_FIELD_ENUM,
     .choices = fb_survey_sub_types},
    {.name = "scale", .type = FB_FIELD_INT, .min = 2, .max = 10},
    SURVEY_TEXT("lowLabel", 255), SURVEY_TEXT("highLabel", 255),
    {.name = "allowSelectMultiple", .type = FB_FIELD_BOOL},
    {.name = "choices", .type = FB_FIELD_ARRAY, .max = 50,
     .fields = fb_survey_choice_rules},
    {.name = "logic", .type = FB_FIELD_ARRAY, .max = 50,
     .fields = fb_survey_logic_rules},
    {.name = "defaultAction", .type = FB_FIELD_OBJECT,
     .fields = fb_survey_next_rules},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_url_rules[] = {
    SURVEY_ITEM_ID,
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 2048},
    {.name = "matchType", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_survey_match_types},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_css_rules[] = {
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 1024},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_targeting_rules[] = {
    {.name = "segmentIds", .type = FB_FIELD_STRING_ARRAY, .max = 100,
     .item_max = 255},
    {.name = "url", .type = FB_FIELD_ARRAY, .max = 50,
     .fields = fb_survey_url_rules},
    {.name = "css", .type = FB_FIELD_ARRAY, .max = 50,
     .fields = fb_survey_css_rules},
    {.name = "loginRequired", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

#define SURVEY_FIELDS(req, pages_min) \
    {.name = "title", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 500}, \
    {.name = "description", .type = FB_FIELD_STRING, .max = 2000, \
     .flags = FB_FIELD_NULL_CLEARS}, \
    {.name = "isActive", .type = FB_FIELD_BOOL}, \
    {.name = "targeting", .type = FB_FIELD_OBJECT, \
     .fields = fb_survey_targeting_rules}, \
    {.name = "pages", .type = FB_FIELD_ARRAY, .flags = (req), \
     .min = (pages_min), .max = 50, .fields = fb_survey_page_rules}, \
    {.name = NULL}

static const fb_field_rule_t fb_survey_create_rules[] = {
    SURVEY_FIELDS(FB_FIELD_REQUIRED, 1)
};

static const fb_field_rule_t fb_survey_update_rules[] = {
    SURVEY_FIELDS(0, 1)
};

static const fb_manage_t fb_survey_manage = {
    .res = &fb_surveys, .object = "survey", .check = fb_survey_check,
    FB_MANAGE_LOCKS(survey), .insert = &fb_sql_survey_insert,
    .update = &fb_sql_survey_update, .remove = &fb_sql_survey_remove,
};

/* ---- responses ---- */

/* The survey's pages, locked; a missing survey fails the write. */
static json_object *fb_survey_pages(fb_write_t *w, const char *id)
{
    fb_rows_t rows;
    json_object *pages;

    if (!fb_write_select(w, &fb_sql_survey_pages_locked, FB_ARGS(id),
                         &rows)) {
        return NULL;
    }
    if (rows.nrows == 0) {
        fb_write_fail(w, fb_error_make(w->fr->pool, FB_E_SURVEY_NOT_FOUND,
                                       "id", NULL));
        return NULL;
    }
    pages = json_tokener_parse(fb_rows_get(&rows, 0, 0));
    return fb_json_owned(w->fr->pool, pages);
}

/* The contact the response is from (NULL: anonymous). */
static const char *fb_survey_respondent(fb_write_t *w, json_object *user)
{
    const char *contact = NULL, *admin = NULL;
    fb_error_t *err;

    if (user == NULL || !fb_write_ok(w)) {
        return NULL;
    }
    err = fb_person_resolve(w->fr, user, "user", 1, &contact, &admin);
    if (err == NULL && admin != NULL) {
        err = fb_person_admin_contact(w->fr, admin, &contact);
    }
    fb_write_fail(w, err);
    return contact;
}

/* POST /surveys/{id}/responses */
static fb_error_t *fb_survey_respond(fb_req_t *fr)
{
    json_object *answers = json_object_object_get(fr->body, "responses");
    const char *id, *contact, *json = NULL;
    json_object *pages;
    fb_rows_t made, shown;
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    pages = fb_survey_pages(&w, id);
    if (pages != NULL) {
        fb_write_fail(&w, fb_survey_answers_check(fr->pool, pages, answers));
    }
    contact = fb_survey_respondent(&w, json_object_object_get(fr->body,
                                                              "user"));
    if (fb_write_select(&w, FB_CALL(survey_response_insert, .survey = id,
                                    .contact = contact,
                                    .answers = fb_json_text(fr->pool,
                                                            answers),
                                    .created_at = fb_json_string(
                                        fr->body, "createdAt")),
                        &made)
        && fb_write_select(&w, &fb_sql_survey_response_get,
                           FB_NAMED(survey_response, .survey = id,
                                    .id = fb_rows_get(&made, 0, 0)),
                           &shown)
        && (json = fb_rj_json(fr, fb_survey_response_rows.members,
                              shown.cells, fb_survey_response_rows.json_size))
           == NULL) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_INTERNAL, NULL,
                                        NULL));
    }
    return fb_write_respond(&w, HTTP_CREATED, json);
}

/* DELETE /surveys/{id}/responses/{responseId} */
static fb_error_t *fb_survey_response_delete(fb_req_t *fr)
{
    const char *id, *rid = fb_id_normalize(fr->pool, fb_req_param(
                                               fr, "responseId"));
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    if (rid == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "responseId", NULL);
    }
    fb_write_begin(&w, fr);
    fb_survey_pages(&w, id);
    if (fb_write_exec(&w, &fb_sql_survey_response_remove,
                      FB_NAMED(survey_response, .survey = id, .id = rid))
        && w.affected == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND,
                                        "responseId", NULL));
    }
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, rid,
                                                "survey_response"));
}

static const fb_field_rule_t fb_survey_answer_rules[] = {
    {.name = "pageId", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 64},
    {.name = "type", .type = FB_FIELD_ENUM, .choices = fb_survey_page_types},
    {.name = "value", .type = FB_FIELD_ANY, .flags = FB_FIELD_REQUIRED},
    {.name = NULL}
};

static const fb_field_rule_t fb_survey_response_rules[] = {
    {.name = "user", .type = FB_FIELD_OBJECT, .fields = fb_person_rules},
    {.name = "responses", .type = FB_FIELD_ARRAY,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 50,
     .fields = fb_survey_answer_rules},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = NULL}
};

static const fb_op_t fb_survey_create_op = {
    .handler = fb_manage_create,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MANAGE_SURVEYS,
    .body = fb_survey_create_rules,
    .data = &fb_survey_manage,
    .audit = FB_AUDIT_MADE("survey.created", "surveys", "survey"),
};
static const fb_op_t fb_survey_update_op = {
    .handler = fb_manage_update,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MANAGE_SURVEYS,
    .body = fb_survey_update_rules,
    .data = &fb_survey_manage,
    .audit = FB_AUDIT_OF("survey.updated", "surveys", "survey"),
};
static const fb_op_t fb_survey_delete_op = {
    .handler = fb_manage_delete,
    .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MANAGE_SURVEYS,
    .data = &fb_survey_manage,
    .audit = FB_AUDIT_OF("survey.deleted", "surveys", "survey"),
};
static const fb_op_t fb_survey_respond_op = {
    .handler = fb_survey_respond,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MANAGE_SURVEYS,
    .body = fb_survey_response_rules,
    .audit = FB_AUDIT_OF("survey.response_added", "surveys", "survey"),
};
static const fb_op_t fb_survey_response_delete_op = {
    .handler = fb_survey_response_delete,
    .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MANAGE_SURVEYS,
    .audit = FB_AUDIT_TARGET("survey.response_deleted", "surveys",
                              "survey_response", FB_AUDIT_PATH,
                              "responseId"),
};

static const fb_route_t fb_survey_write_routes[] = {
    {"POST", "/surveys", &fb_survey_create_op},
    {"PATCH", "/surveys/{id}", &fb_survey_update_op},
    {"DELETE", "/surveys/{id}", &fb_survey_delete_op},
    {"POST", "/surveys/{id}/responses", &fb_survey_respond_op},
    {"DELETE", "/surveys/{id}/responses/{responseId}",
     &fb_survey_response_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_survey_write_module = {
    .name = "survey_write",
    .routes = fb_survey_write_routes,
    .statements = fb_survey_write_statements,
};
