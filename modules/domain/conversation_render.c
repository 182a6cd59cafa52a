/*
 * conversation_render: a conversation's and its parts' JSON written from
 * their columns (conversation.h).
 *
 * The bytes are those the API answered when PostgreSQL built them as
 * jsonb: {"key": value}, keys shorter first, then by bytes (the writer's
 * jsonb objects keep that order, fb_jsonw_jsonb), arrays [a, b],
 * optional members left out rather than null where the jsonb left them
 * out.  Members are written here in jsonb's order, which costs the
 * writer nothing; one out of it would still come out right (sorted when
 * its object ends).
 */
#include <string.h>

#include "apr_strings.h"

#include "conversation.h"

#define ITEM(items, i) APR_ARRAY_IDX(items, i, const char *)

/*
 * The array of objects of the text array text (inner arrays of fields
 * elements each), each element's members keyed by keys in order; 0 when
 * text is not such an array.
 */
static int fb_cr_list(fb_jsonw_t *w, const char *key, const char *text,
                      const char *const *keys, int fields)
{
    apr_array_header_t *items;
    int i, k;

    fb_jsonw_key(w, key);
    if (fb_db_array_parse(w->pool, text, &items) != APR_SUCCESS
        || items->nelts % fields != 0) {
        fb_jsonw_raw(w, NULL);
        return 0;
    }
    fb_jsonw_array(w);
    for (i = 0; i < items->nelts; i += fields) {
        fb_jsonw_object(w);
        for (k = 0; k < fields; k++) {
            fb_jsonw_member_string(w, keys[k], ITEM(items, i + k));
        }
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return 1;
}

/* The first message, as source: its channel, body and author (type and
 * id only); null when the conversation has none. */
static void fb_cr_source(fb_jsonw_t *w, const char *const *row)
{
    const char *kind = row[CONV_COL_SOURCE_AUTHOR_KIND];
    const char *type = row[CONV_COL_SOURCE_AUTHOR_TYPE];
    const char *html = row[CONV_COL_SOURCE_HTML];
    const char *markdown = row[CONV_COL_SOURCE_MARKDOWN];

    fb_jsonw_key(w, "source");
    if (row[CONV_COL_SOURCE_FOUND] == NULL) {
        fb_jsonw_raw(w, NULL);
        return;
    }
    fb_jsonw_object(w);
    fb_jsonw_key(w, "author");
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", row[CONV_COL_SOURCE_AUTHOR_ID]);
    fb_jsonw_member_string(w, "type", strcmp(kind, "admin") == 0 ? "admin"
                            : type != NULL ? type : "customer");
    fb_jsonw_end(w);
    fb_jsonw_member_string(w, "channel", row[CONV_COL_CHANNEL]);
    if (row[CONV_COL_SUBJECT] != NULL) {
        fb_jsonw_member_string(w, "subject", row[CONV_COL_SUBJECT]);
    }
    fb_jsonw_member_string(w, "bodyHtml", html != NULL ? html : "");
    fb_jsonw_member_string(w, "deliveredAs", row[CONV_COL_DELIVERED_AS]);
    fb_jsonw_member_string(w, "bodyMarkdown",
                           markdown != NULL ? markdown : "");
    fb_jsonw_end(w);
}

int fb_conversation_head_write(fb_jsonw_t *w, const char *const *row)
{
    static const char *const tag[] = {"id", "name", "type"};
    int ok;

    fb_jsonw_jsonb(w);
    fb_jsonw_member_string(w, "id", row[CONV_COL_ID]);
    ok = fb_cr_list(w, "tags", row[CONV_COL_TAGS], tag, 3);
    fb_jsonw_member_string(w, "state", row[CONV_COL_STATE]);
    if (row[CONV_COL_TITLE] != NULL) {
        fb_jsonw_member_string(w, "title", row[CONV_COL_TITLE]);
    }
    fb_jsonw_member_string(w, "object", "conversation");
    fb_cr_source(w, row);
    return ok;
}

int fb_conversation_participants_write(fb_jsonw_t *w,
                                       const char *const *row)
{
    static const char *const participant[] = {"id", "type"};

    return fb_cr_list(w, "participants", row[CONV_COL_PARTICIPANTS],
                      participant, 2);
}

int fb_conversation_write(fb_jsonw_t *w, const char *const *row,
                          const fb_rows_t *parts,
                          const fb_conversation_values_t *values)
{
    static const char *const receipt[] = {"id", "userType",
                                          "lastReadPartId"};
    int ok;

    ok = fb_conversation_head_write(w, row);
    fb_jsonw_member_string(w, "brandId", row[CONV_COL_BRAND_ID]);
    fb_jsonw_member_bool(w, "priority", row[CONV_COL_PRIORITY]);
    ok &= fb_jsonw_member_time(w, "createdAt", row[CONV_COL_CREATED_AT]);
    fb_jsonw_member_bool(w, "isBlocked", row[CONV_COL_IS_BLOCKED]);
    ok &= fb_jsonw_member_time(w, "updatedAt", row[CONV_COL_UPDATED_AT]);
    ok &= fb_conversation_participants_write(w, row);
    ok &= fb_cr_list(w, "readReceipts", row[CONV_COL_RECEIPTS], receipt, 3);
    ok &= fb_jsonw_member_time(w, "snoozedUntil", row[CONV_COL_SNOOZED_UNTIL]);
    ok &= fb_jsonw_member_time(w, "waitingSince", row[CONV_COL_WAITING_SINCE]);
    ok &= fb_jsonw_member_time(w, "prioritySetAt",
                               row[CONV_COL_PRIORITY_SET_AT]);
    ok &= fb_jsonw_member_time(w, "lastActivityAt",
                               row[CONV_COL_LAST_ACTIVITY_AT]);
    fb_jsonw_member_string(w, "teamAssigneeId",
                           row[CONV_COL_TEAM_ASSIGNEE_ID]);
    fb_jsonw_member_string(w, "adminAssigneeId",
                           row[CONV_COL_ADMIN_ASSIGNEE_ID]);
    fb_jsonw_key(w, "customAttributes");
    fb_jsonw_raw(w, row[CONV_COL_CUSTOM_ATTRIBUTES]);
    if (values != NULL) {
        ok &= fb_conversation_values_write(w, values, row[CONV_COL_ID]);
    }
    if (parts != NULL) {
        fb_jsonw_key(w, "conversationParts");
        ok &= fb_conversation_parts_write(w, parts);
    }
    fb_jsonw_member_bool(w, "disableCustomerReply",
               row[CONV_COL_DISABLE_CUSTOMER_REPLY]);
    fb_jsonw_member_bool(w, "awaitingCustomerReply",
               row[CONV_COL_AWAITING_CUSTOMER_REPLY]);
    fb_jsonw_member_string(w, "userPreferredLanguage", row[CONV_COL_LANGUAGE]);
    fb_jsonw_key(w, "hasAdminOverriddenLanguage");
    fb_jsonw_raw(w, "false");
    fb_jsonw_key(w, "botConversationStateLastUpdatedAt");
    fb_jsonw_raw(w, NULL);
    fb_jsonw_end(w);
    return ok;
}

/* A part's author as it is now: the contact (its email only when it has
 * one) or admin, else, gone since, its type and id. */
static void fb_cr_author(fb_jsonw_t *w, const char *const *row)
{
    int admin = strcmp(row[PART_COL_AUTHOR_KIND], "admin") == 0;

    fb_jsonw_key(w, "author");
    fb_jsonw_object(w);
    if (!admin && row[PART_COL_CONTACT_FOUND] != NULL) {
        fb_jsonw_member_string(w, "id", row[PART_COL_CONTACT_FOUND]);
        fb_jsonw_member_string(w, "name", row[PART_COL_CONTACT_NAME]);
        fb_jsonw_member_string(w, "type", row[PART_COL_CONTACT_TYPE]);
        if (row[PART_COL_CONTACT_EMAIL] != NULL) {
            fb_jsonw_member_string(w, "email", row[PART_COL_CONTACT_EMAIL]);
        }
        fb_jsonw_member_string(w, "profilePicture",
                               row[PART_COL_CONTACT_PICTURE]);
    }
    else if (admin && row[PART_COL_ADMIN_FOUND] != NULL) {
        fb_jsonw_member_string(w, "id", row[PART_COL_ADMIN_FOUND]);
        fb_jsonw_member_string(w, "name", row[PART_COL_ADMIN_NAME]);
        fb_jsonw_member_string(w, "type", "admin");
        fb_jsonw_member_string(w, "email", row[PART_COL_ADMIN_EMAIL]);
        fb_jsonw_member_string(w, "profilePicture",
                               row[PART_COL_ADMIN_PICTURE]);
    }
    else {
        fb_jsonw_member_string(w, "id", row[PART_COL_AUTHOR_ID]);
        fb_jsonw_member_string(w, "type", admin ? "admin" : "customer");
    }
    fb_jsonw_end(w);
}

/* A change's own members (its data), among the part's: where they fall
 * in jsonb's order, one with a part's key replacing it (jsonb's ||). */
static int fb_cr_data(fb_jsonw_t *w, const char *text)
{
    apr_array_header_t *items;
    int i;

    if (fb_db_array_parse(w->pool, text, &items) != APR_SUCCESS
        || items->nelts % 2 != 0) {
        return 0;
    }
    for (i = 0; i < items->nelts; i += 2) {
        fb_jsonw_key(w, ITEM(items, i));
        fb_jsonw_raw(w, ITEM(items, i + 1));
    }
    return 1;
}

int fb_conversation_part_write(fb_jsonw_t *w, const char *const *row)
{
    int message = row[PART_COL_AUTHOR_KIND] != NULL, ok = 1;

    fb_jsonw_jsonb(w);
    fb_jsonw_member_string(w, "id", row[PART_COL_ID]);
    if (message) {
        fb_cr_author(w, row);
    }
    fb_jsonw_key(w, "object");
    fb_jsonw_string(w, "conversation_part");
    if (message && strcmp(row[PART_COL_PART_TYPE], "admin_note") != 0) {
        fb_jsonw_member_string(w, "channel", row[PART_COL_CHANNEL]);
    }
    if (message) {
        fb_jsonw_member_string(w, "bodyHtml", row[PART_COL_BODY_HTML]);
    }
    fb_jsonw_member_string(w, "partType", row[PART_COL_PART_TYPE]);
    if (message) {
        fb_jsonw_member_bool(w, "redacted", row[PART_COL_REDACTED]);
    }
    ok &= fb_jsonw_member_time(w, "createdAt", row[PART_COL_CREATED_AT]);
    ok &= fb_jsonw_member_time(w, "updatedAt", row[PART_COL_UPDATED_AT]);
    if (message) {
        fb_jsonw_member_string(w, "bodyMarkdown", row[PART_COL_BODY_MARKDOWN]);
    }
    else {
        ok &= fb_cr_data(w, row[PART_COL_DATA]);
    }
    fb_jsonw_end(w);
    return ok;
}

int fb_conversation_parts_write(fb_jsonw_t *w, const fb_rows_t *parts)
{
    int i, ok = 1;

    fb_jsonw_array(w);
    for (i = 0; i < parts->nrows; i++) {
        ok &= fb_conversation_part_write(w, parts->cells + i * parts->ncols);
    }
    fb_jsonw_end(w);
    return ok;
}

const char *fb_conversation_page(apr_pool_t *p, const fb_rows_t *rows,
                                 int n,
                                 const fb_conversation_values_t *values)
{
    fb_jsonw_t w;
    int i, ok = 1;

    fb_jsonw_init(&w, p, (apr_size_t)n * FB_CONVERSATION_JSON_SIZE + 2);
    fb_jsonw_restart(&w, '[');
    for (i = 0; i < n; i++) {
        if (i > 0) {
            fb_jsonw_restart(&w, ',');
        }
        ok &= fb_conversation_write(&w, rows->cells + i * rows->ncols,
                                    NULL, values);
    }
    fb_jsonw_restart(&w, ']');
    return ok ? fb_jsonw_text(&w, NULL) : NULL;
}
