/*
 * people_render: companies and contacts written from their columns
 * (people.h), member by member, with the bytes json_build_object gave.
 */
#include "people.h"

#include "http_log.h"

#include "fb_log.h"

static const fb_rj_member_t fb_company_members[] = {
    FB_RJ_CONST("object", "\"company\""),
    FB_RJ_STRING("id", COMPANY_COL_ID),
    FB_RJ_STRING("companyId", COMPANY_COL_COMPANY_ID),
    FB_RJ_STRING("name", COMPANY_COL_NAME),
    FB_RJ_RAW("monthlySpend", COMPANY_COL_MONTHLY_SPEND),
    FB_RJ_STRING("industry", COMPANY_COL_INDUSTRY),
    FB_RJ_STRING("website", COMPANY_COL_WEBSITE),
    FB_RJ_STRING("plan", COMPANY_COL_PLAN),
    FB_RJ_RAW("linkedUsers", COMPANY_COL_LINKED_USERS),
    FB_RJ_RAW("companySize", COMPANY_COL_COMPANY_SIZE),
    FB_RJ_TIME("lastActivity", COMPANY_COL_LAST_ACTIVITY),
    FB_RJ_RAW("customFields", COMPANY_COL_CUSTOM_FIELDS),
    FB_RJ_TIME("createdAt", COMPANY_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", COMPANY_COL_UPDATED_AT),
    FB_RJ_END
};

/* About what a company takes, to size the buffer once. */
#define FB_COMPANY_JSON_SIZE 512

const fb_list_rows_t fb_company_rows = {
    .members = fb_company_members, .json_size = FB_COMPANY_JSON_SIZE,
    .key_col = COMPANY_NCOLS, .id_col = COMPANY_NCOLS + 1
};

/* The contact's companies, each a run of COMPANY_NCOLS texts of its
 * array column, as json_agg wrote them. */
static apr_status_t fb_contact_companies(fb_req_t *fr, fb_jsonw_t *w,
                                         const char *const *row)
{
    apr_array_header_t *cells;
    apr_status_t rv = APR_SUCCESS;
    int i;

    if (fb_db_array_parse(fr->pool, row[CONTACT_COL_COMPANIES], &cells)
        != APR_SUCCESS || cells->nelts % COMPANY_NCOLS != 0) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00563)
                      "the companies of contact %s came as '%s'",
                      row[CONTACT_COL_ID], row[CONTACT_COL_COMPANIES]);
        return APR_EGENERAL;
    }
    fb_jsonw_array(w);
    for (i = 0; i < cells->nelts && rv == APR_SUCCESS; i += COMPANY_NCOLS) {
        rv = fb_rj_object(fr, w, fb_company_members,
                          (const char *const *)cells->elts + i);
    }
    fb_jsonw_end(w);
    return rv;
}

static const fb_rj_member_t fb_contact_members[] = {
    FB_RJ_CONST("object", "\"contact\""),
    FB_RJ_STRING("id", CONTACT_COL_ID),
    FB_RJ_OPTIONAL("userId", CONTACT_COL_USER_ID),
    FB_RJ_STRING("organizationId", CONTACT_COL_ORG_ID),
    FB_RJ_FN("companies", fb_contact_companies),
    FB_RJ_STRING("email", CONTACT_COL_EMAIL),
    FB_RJ_STRING("name", CONTACT_COL_NAME),
    FB_RJ_STRING("profilePicture", CONTACT_COL_PICTURE),
    FB_RJ_RAW("commentsCreated", CONTACT_COL_COMMENTS_CREATED),
    FB_RJ_RAW("postsCreated", CONTACT_COL_POSTS_CREATED),
    FB_RJ_TIME("lastActivity", CONTACT_COL_LAST_ACTIVITY),
    FB_RJ_BOOL("subscribedToChangelog", CONTACT_COL_SUBSCRIBED),
    FB_RJ_BOOL("manuallyOptedOutFromChangelog", CONTACT_COL_OPTED_OUT),
    FB_RJ_RAW("roles", CONTACT_COL_ROLES),
    FB_RJ_STRING("locale", CONTACT_COL_LOCALE),
    FB_RJ_BOOL("verified", CONTACT_COL_VERIFIED),
    FB_RJ_STRING("type", CONTACT_COL_TYPE),
    FB_RJ_STRING("description", CONTACT_COL_DESCRIPTION),
    FB_RJ_RAW("customFields", CONTACT_COL_CUSTOM_FIELDS),
    FB_RJ_BOOL("isBlocked", CONTACT_COL_IS_BLOCKED),
    FB_RJ_STRING("phone", CONTACT_COL_PHONE),
    FB_RJ_END
};

/* About what a contact takes, to size the buffer once. */
#define FB_CONTACT_JSON_SIZE 768

const fb_list_rows_t fb_contact_rows = {
    .members = fb_contact_members, .json_size = FB_CONTACT_JSON_SIZE,
    .key_col = CONTACT_NCOLS, .id_col = CONTACT_NCOLS + 1
};

/* A contact read by id, as GET /contacts/{id} reads it. */
static const fb_resource_t fb_contact = {
    .get = &fb_sql_contact_get,
    .not_found = FB_E_CONTACT_NOT_FOUND,
    .rows = &fb_contact_rows,
};

fb_error_t *fb_contact_respond(fb_req_t *fr, int status, const char *id)
{
    return fb_resource_respond(fr, &fb_contact, status, id);
}

void fb_contact_write_render(fb_write_t *w, const char *id, const char **json)
{
    fb_resource_write_render(w, &fb_contact, id, json);
}
