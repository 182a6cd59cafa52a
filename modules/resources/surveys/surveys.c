/*
 * surveys: GET /surveys (type, isActive, cursors), GET /surveys/{id} and
 * GET /surveys/{id}/responses (pageId, cursors).
 *
 * A survey's pages are stored as the API renders them, ids assigned when
 * written (survey_pages.c); the page types are a generated column, so
 * that ?type= reads no JSON.  responseCount is kept by a trigger in the
 * transaction that adds or removes a response (sql/022).
 */
#include "fb_resource.h"
#include "people/people.h"
#include "surveys.h"

static const fb_rj_member_t fb_survey_members[] = {
    FB_RJ_CONST("object", "\"survey\""),
    FB_RJ_STRING("id", SURVEY_COL_ID),
    FB_RJ_STRING("title", SURVEY_COL_TITLE),
    FB_RJ_STRING("description", SURVEY_COL_DESCRIPTION),
    FB_RJ_BOOL("isActive", SURVEY_COL_IS_ACTIVE),
    FB_RJ_STRING("organization", SURVEY_COL_ORG_ID),
    FB_RJ_RAW("responseCount", SURVEY_COL_RESPONSE_COUNT),
    FB_RJ_RAW("targeting", SURVEY_COL_TARGETING),
    FB_RJ_RAW("pages", SURVEY_COL_PAGES),
    FB_RJ_TIME("createdAt", SURVEY_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", SURVEY_COL_UPDATED_AT),
    FB_RJ_END
};

/* A list's rows end with the cursor's key. */
static const fb_list_rows_t fb_survey_rows = {
    .members = fb_survey_members, .json_size = 2048,
    .key_col = SURVEY_NCOLS, .id_col = SURVEY_COL_ID
};

/* user: the contact, as people writes contacts, or null. */
static apr_status_t fb_survey_response_user(fb_req_t *fr, fb_jsonw_t *w,
                                            const char *const *row)
{
    const char *const *contact = row + SURVEY_RESPONSE_COL_USER;

    if (contact[CONTACT_COL_ID] == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    return fb_rj_object(fr, w, fb_contact_rows.members, contact);
}

static const fb_rj_member_t fb_survey_response_members[] = {
    FB_RJ_CONST("object", "\"survey_response\""),
    FB_RJ_STRING("id", SURVEY_RESPONSE_COL_ID),
    FB_RJ_FN("user", fb_survey_response_user),
    FB_RJ_RAW("responses", SURVEY_RESPONSE_COL_ANSWERS),
    FB_RJ_TIME("createdAt", SURVEY_RESPONSE_COL_CREATED_AT),
    FB_RJ_END
};

const fb_list_rows_t fb_survey_response_rows = {
    .members = fb_survey_response_members, .json_size = 1024,
    .key_col = SURVEY_RESPONSE_NCOLS, .id_col = SURVEY_RESPONSE_COL_ID
};

/* The list's arguments, bound once in k, and its filters: a page type
 * (NULL: any), isActive (NULL: any). */
FB_LIST_PARAMS(survey_list, (page_type, active));

#define SURVEY_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS page_type, " \
    "  %s::boolean AS active) " \
    "SELECT " SURVEY_COLUMNS ", fb_ts_key(s.created_at) " \
    "FROM surveys s, k WHERE s.org_id = k.org_id " \
    "AND (s.page_types @> ARRAY[k.page_type] OR k.page_type IS NULL) " \
    "AND s.is_active = coalesce(k.active, s.is_active) " after \
    "ORDER BY s.created_at DESC, s.id DESC LIMIT %d"

FB_SQL(survey_get, 1,
    "SELECT " SURVEY_COLUMNS " FROM surveys s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL_WITH(survey_list, survey_list, SURVEY_LIST(""));

FB_SQL_WITH(survey_list_after, survey_list, SURVEY_LIST(
    "AND (s.created_at, s.id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

/* The lock the response's counter update takes anyway (its trigger):
 * taken first, so that concurrent submissions queue on the survey
 * instead of each holding a share lock the other's update waits for
 * (a deadlock). */
FB_SQL(survey_pages_locked, 1,
    "SELECT pages FROM surveys WHERE org_id = %s AND id = %s "
    "FOR NO KEY UPDATE");

FB_SQL(survey_find, 1,
    "SELECT id FROM surveys WHERE org_id = %s AND id = %s");

/* A survey's responses, its arguments bound once in k; a response
 * answers pageId when it has an answer for it (NULL: any). */
FB_LIST_PARAMS(survey_responses, (survey, page_id));

#define SURVEY_RESPONSES(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS survey, %s::text AS page_id) " \
    "SELECT " SURVEY_RESPONSE_SELECT " " SURVEY_RESPONSE_FROM ", k " \
    "WHERE r.org_id = k.org_id AND r.survey_id = k.survey " \
    "AND (r.page_ids @> ARRAY[k.page_id] OR k.page_id IS NULL) " after \
    "ORDER BY r.created_at DESC, r.id DESC LIMIT %d"

FB_SQL_WITH(survey_responses, survey_responses, SURVEY_RESPONSES(""));

FB_SQL_WITH(survey_responses_after, survey_responses, SURVEY_RESPONSES(
    "AND (r.created_at, r.id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

static const fb_statement_t *const fb_survey_statements[] = {
    &fb_sql_survey_get, &fb_sql_survey_list, &fb_sql_survey_list_after,
    &fb_sql_survey_pages_locked, &fb_sql_survey_find,
    &fb_sql_survey_responses, &fb_sql_survey_responses_after, NULL
};

static const fb_list_order_t fb_surveys_newest = {
    .first = &fb_sql_survey_list,
    .after = &fb_sql_survey_list_after,
    .cursor_sort = "surveys.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const fb_list_order_t fb_survey_responses_newest = {
    .first = &fb_sql_survey_responses,
    .after = &fb_sql_survey_responses_after,
    .cursor_sort = "surveyResponses.createdAt.desc",
    .key_valid = fb_key_integer,
};

const fb_resource_t fb_surveys = {
    .get = &fb_sql_survey_get,
    .not_found = FB_E_SURVEY_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_surveys_newest,
    .rows = &fb_survey_rows,
};

static const char *const fb_survey_page_types[] = {
    "text", "link", "rating", "multiple-choice", NULL
};

static const fb_query_rule_t fb_survey_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "type", .type = FB_Q_ENUM, .choices = fb_survey_page_types},
    {.name = "isActive", .type = FB_Q_BOOL},
    {.name = NULL}
};

static const fb_query_rule_t fb_survey_response_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "pageId", .type = FB_Q_STRING, .min = 1, .max = 64},
    {.name = NULL}
};

/* GET /surveys */
static fb_error_t *fb_survey_list(fb_req_t *fr)
{
    return fb_list_respond_rows(
        fr, &fb_surveys_newest,
        FB_NAMED(survey_list,
                 .page_type = fb_query_get(&fr->query, "type"),
                 .active = fb_query_get(&fr->query, "isActive")),
        &fb_survey_rows);
}

/* GET /surveys/{id}/responses: 404 for a survey that is not there, an
 * empty page for one without responses. */
static fb_error_t *fb_survey_response_list(fb_req_t *fr)
{
    const char *id, *found;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_resource_lookup(fr, &fb_sql_survey_find, id, &found))
           != NULL) {
        return err;
    }
    if (found == NULL) {
        return fb_error_make(fr->pool, FB_E_SURVEY_NOT_FOUND, "id", NULL);
    }
    return fb_list_respond_rows(
        fr, &fb_survey_responses_newest,
        FB_NAMED(survey_responses, .survey = id,
                 .page_id = fb_query_get(&fr->query, "pageId")),
        &fb_survey_response_rows);
}

static const fb_op_t fb_survey_list_op =
    FB_OP_READ(fb_survey_list, FB_VERSION_CLOVER, &fb_surveys,
               fb_survey_list_rules);
static const fb_op_t fb_survey_get_op =
    FB_OP_READ(fb_resource_get, FB_VERSION_CLOVER, &fb_surveys, NULL);
static const fb_op_t fb_survey_responses_op =
    FB_OP_READ(fb_survey_response_list, FB_VERSION_CLOVER, &fb_surveys,
               fb_survey_response_rules);

static const fb_route_t fb_survey_routes[] = {
    {"GET", "/surveys", &fb_survey_list_op},
    {"GET", "/surveys/{id}", &fb_survey_get_op},
    {"GET", "/surveys/{id}/responses", &fb_survey_responses_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_surveys_module = {
    .name = "surveys",
    .routes = fb_survey_routes,
    .statements = fb_survey_statements,
};
