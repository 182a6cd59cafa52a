/*
 * ticket_render: a ticket's JSON written from its columns (tickets.h).
 *
 * The object, member by member, is the one the API has always answered,
 * to the byte: what json_build_object wrote when PostgreSQL built it.
 * Its conversationParts were a jsonb array, and are written by the
 * conversation's own part writer in jsonb's layout (conversation.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "ticket_files.h"

/* The author: the contact when the ticket names one (null if it is
 * gone), else the admin. */
static const fb_rj_author_t fb_ticket_author = {
    .contact_id = TICKET_COL_CONTACT_ID, .admin_id = TICKET_COL_ADMIN_ID,
    .contact = TICKET_COL_CONTACT_FOUND, .admin = TICKET_COL_ADMIN_FOUND,
    .with_email = 1
};

/* The portal's address of the ticket: the organization's portal, or the
 * default one, then /tickets/ and the number. */
static apr_status_t fb_ticket_url(fb_req_t *fr, fb_jsonw_t *w,
                                  const char *const *row)
{
    const char *portal = row[TICKET_COL_PORTAL_URL];

    if (portal == NULL) {
        portal = fb_req_portal_default(fr);
    }
    fb_jsonw_string(w, portal == NULL ? NULL
                       : apr_pstrcat(fr->pool, portal, "/tickets/",
                                     row[TICKET_COL_NUMBER], NULL));
    return APR_SUCCESS;
}

/* The status, as posts write theirs (fb_post_status_rows); null when it
 * is gone. */
static apr_status_t fb_ticket_status_json(fb_req_t *fr, fb_jsonw_t *w,
                                          const char *const *row)
{
    if (row[TICKET_COL_STATUS_FOUND] == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    return fb_rj_object(fr, w, fb_post_status_rows.members,
                        row + TICKET_COL_STATUS);
}

/* The linked conversation with its role (the category's kind), or []. */
static apr_status_t fb_ticket_links(fb_req_t *fr, fb_jsonw_t *w,
                                    const char *const *row)
{
    (void)fr;
    fb_jsonw_array(w);
    if (row[TICKET_COL_CONVERSATION_ID] != NULL) {
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", row[TICKET_COL_CONVERSATION_ID]);
        fb_jsonw_member_string(w, "role", row[TICKET_COL_KIND]);
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

/* No integration is linked yet: each list is empty. */
#define FB_TICKET_INTEGRATIONS \
    "{\"linear\" : [], \"jira\" : [], \"clickup\" : [], " \
    "\"github\" : [], \"devops\" : [], \"hubspot\" : []}"

static const fb_rj_member_t fb_ticket_members[] = {
    FB_RJ_CONST("object", "\"ticket\""),
    FB_RJ_STRING("id", TICKET_COL_ID),
    FB_RJ_RAW("ticketNumber", TICKET_COL_NUMBER),
    FB_RJ_STRING("title", TICKET_COL_TITLE),
    FB_RJ_STRING("content", TICKET_COL_CONTENT),
    FB_RJ_STRING("ticketCategoryId", TICKET_COL_CATEGORY_ID),
    FB_RJ_STRING("categoryType", TICKET_COL_KIND),
    FB_RJ_FN("ticketUrl", fb_ticket_url),
    FB_RJ_AUTHOR("author", &fb_ticket_author),
    FB_RJ_FN("status", fb_ticket_status_json),
    FB_RJ_RAW("customFields", TICKET_COL_CUSTOM_FIELDS),
    FB_RJ_STRING("companyId", TICKET_COL_COMPANY_ID),
    FB_RJ_STRING("assigneeId", TICKET_COL_ASSIGNEE_ID),
    FB_RJ_CONST("teamAssigneeId", "null"),
    FB_RJ_BOOL("open", TICKET_COL_OPEN),
    FB_RJ_TIME("snoozedUntil", TICKET_COL_SNOOZED_UNTIL),
    FB_RJ_FN("linkedConversations", fb_ticket_links),
    FB_RJ_TIME("createdAt", TICKET_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", TICKET_COL_UPDATED_AT),
    FB_RJ_CONST("integrations", FB_TICKET_INTEGRATIONS),
    FB_RJ_END
};

const char *fb_ticket_json_parts(fb_req_t *fr, const char *const *row,
                                 const fb_rows_t *parts)
{
    fb_jsonw_t w;

    if (parts == NULL) {
        return fb_rj_json(fr, fb_ticket_members, row, FB_TICKET_JSON_SIZE);
    }
    fb_jsonw_init(&w, fr->pool, FB_TICKET_JSON_SIZE
                                + (apr_size_t)parts->nrows
                                  * FB_CONVERSATION_PART_SIZE);
    fb_jsonw_object(&w);
    if (fb_rj_members(fr, &w, fb_ticket_members, row) != APR_SUCCESS) {
        return NULL;
    }
    fb_jsonw_key(&w, "conversationParts");
    if (!fb_conversation_parts_write(&w, parts)) {
        return NULL;
    }
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

const char *fb_ticket_json(fb_req_t *fr, const char *const *row)
{
    return fb_ticket_json_parts(fr, row, NULL);
}

/* A page of tickets, each as answers show it (signed file values). */
static const char *fb_ticket_page(fb_req_t *fr, const fb_rows_t *rows,
                                  int n)
{
    fb_jsonw_t w;
    int i;

    fb_jsonw_init(&w, fr->pool, (apr_size_t)n * FB_TICKET_JSON_SIZE + 2);
    fb_jsonw_restart(&w, '[');
    for (i = 0; i < n; i++) {
        const char *json = fb_ticket_json(fr, rows->cells + i * rows->ncols);

        if (json == NULL) {
            return NULL;
        }
        if (i > 0) {
            fb_jsonw_restart(&w, ',');
        }
        json = fb_ticket_present(fr, json);
        fb_jsonw_bytes(&w, json, strlen(json));
    }
    fb_jsonw_restart(&w, ']');
    return fb_jsonw_text(&w, NULL);
}

const fb_list_rows_t fb_ticket_rows = {
    .key_col = TICKET_NCOLS, .id_col = TICKET_COL_ID,
    .page = fb_ticket_page
};
