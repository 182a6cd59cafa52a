/*
 * conversation: reading conversations and their parts to render them
 * (written by conversation_render.c), adding parts,
 * moving the state, waking snoozed conversations (conversation.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "conversation.h"
#include "fb_events.h"

FB_SQL(conversation_render, 1,
    "SELECT " CONVERSATION_SELECT("NULL") " FROM "
    CONVERSATION_FROM("conversations") "WHERE cv.org_id = %s AND cv.id = %s");

/* The newest FB_CONVERSATION_MAX_PARTS parts of a conversation that pass
 * the SQL condition which (over pt), oldest first. */
#define CONVERSATION_PARTS(which) \
    "SELECT " CONVERSATION_PART_SELECT " FROM " CONVERSATION_PART_FROM( \
    "(SELECT pt.org_id, pt.id, pt.n, pt.part_type, pt.created_at, " \
    "  pt.updated_at, pt.author_kind, pt.author_id, pt.redacted, " \
    "  pt.body_html, pt.body_markdown, pt.channel, pt.data " \
    " FROM conversation_parts pt " \
    " WHERE pt.org_id = %s AND pt.conversation_id = %s AND " which \
    " ORDER BY pt.created_at DESC, pt.n DESC " \
    " LIMIT " FB_CONVERSATION_MAX_PARTS ")") \
    "ORDER BY pt.created_at, pt.n"

FB_SQL(conversation_parts_all, 1,
    CONVERSATION_PARTS("true"));

FB_SQL(conversation_parts_customer, 1,
    CONVERSATION_PARTS(
        "pt.part_type IN ('user_msg', 'admin_msg', 'email_msg')"));

FB_SQL(conversation_parts_messages, 1,
    CONVERSATION_PARTS("pt.part_type IN ('user_msg', 'admin_msg', "
                       "'email_msg', 'admin_note')"));

FB_SQL(conversation_part_render, 1,
    "SELECT " CONVERSATION_PART_SELECT " FROM "
    CONVERSATION_PART_FROM("conversation_parts")
    "WHERE pt.org_id = %s AND pt.id = %s");

/* The members of fb_conversation_part_t, after the conversation. */
FB_SQL_NAMED(conversation_part_insert,
             (conversation, type, author_kind, author_id, html, markdown,
              channel, data, created_at),
    "SELECT fb_conversation_part_add(k.org_id, k.conversation, k.type, "
    "  k.author_kind, k.author_id, k.html, k.markdown, k.channel, k.data, "
    "  k.created_at) "
    "FROM (SELECT %s::text AS org_id, %s::text AS conversation, "
    "  %s::text AS type, %s::text AS author_kind, %s::text AS author_id, "
    "  %s::text AS html, %s::text AS markdown, %s::text AS channel, "
    "  %s::jsonb AS data, %s::timestamptz AS created_at) k");

/* The state before the move and the status part's members, when it
 * moves. */
FB_SQL_NAMED(conversation_state_move, (id, state, until),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text AS state, %s::timestamptz AS until) "
    "UPDATE conversations c SET state = k.state, snoozed_until = k.until, "
    "  waiting_since = CASE WHEN k.state = 'closed' THEN NULL "
    "    ELSE c.waiting_since END, "
    "  wake_lease = CASE WHEN k.state = 'snoozed' THEN NULL "
    "    ELSE c.wake_lease END, updated_at = now() "
    "FROM k, (SELECT o.state AS before FROM conversations o, k "
    "         WHERE o.org_id = k.org_id AND o.id = k.id) b "
    "WHERE c.org_id = k.org_id AND c.id = k.id "
    "  AND (c.state, c.snoozed_until) "
    "      IS DISTINCT FROM (k.state, k.until) "
    "RETURNING b.before, jsonb_build_object('status', k.state, "
    "  'snoozedUntil', fb_iso(k.until))::text");

/* The conversation, locked, while it is snoozed and due. */
FB_SQL(conversation_wake_due, 1,
    "SELECT id FROM conversations WHERE org_id = %s AND id = %s "
    "AND state = 'snoozed' AND snoozed_until <= now() FOR UPDATE");

const fb_statement_t *const fb_conversation_statements[] = {
    &fb_sql_conversation_render, &fb_sql_conversation_parts_all,
    &fb_sql_conversation_parts_customer, &fb_sql_conversation_parts_messages,
    &fb_sql_conversation_part_render, &fb_sql_conversation_part_insert,
    &fb_sql_conversation_state_move, &fb_sql_conversation_wake_due, NULL
};

apr_status_t fb_conversation_part_add(fb_db_t *db, apr_pool_t *p,
                                      const char *org, const char *conv,
                                      const fb_conversation_part_t *part,
                                      const char **id)
{
    fb_rows_t rows;
    apr_status_t rv = fb_db_select(
        db, p, &fb_sql_conversation_part_insert, org,
        FB_NAMED(conversation_part_insert, .conversation = conv,
                 .type = part->type, .author_kind = part->author_kind,
                 .author_id = part->author_id, .html = part->html,
                 .markdown = part->markdown, .channel = part->channel,
                 .data = part->data, .created_at = part->created_at),
        &rows);

    *id = rv == APR_SUCCESS ? fb_rows_get(&rows, 0, 0) : NULL;
    return rv;
}

/* The first cell of st's first row for (org, id), or NULL. */
static apr_status_t fb_conversation_cell(fb_db_t *db, apr_pool_t *p,
                                         const fb_statement_t *st,
                                         const char *org, const char *id,
                                         const char **out)
{
    fb_rows_t rows;
    apr_status_t rv = fb_db_select(db, p, st, org, FB_ARGS(id), &rows);

    *out = rv == APR_SUCCESS ? fb_rows_get(&rows, 0, 0) : NULL;
    return rv;
}

apr_status_t fb_conversation_parts(fb_db_t *db, apr_pool_t *p,
                                   const char *org, const char *id,
                                   fb_conversation_parts_e parts,
                                   fb_rows_t *rows)
{
    static const fb_statement_t *const shown[] = {
        [FB_CONVERSATION_NO_PARTS] = NULL,
        [FB_CONVERSATION_ALL_PARTS] = &fb_sql_conversation_parts_all,
        [FB_CONVERSATION_CUSTOMER] = &fb_sql_conversation_parts_customer,
        [FB_CONVERSATION_MESSAGES] = &fb_sql_conversation_parts_messages
    };

    memset(rows, 0, sizeof(*rows));
    return shown[parts] != NULL
           ? fb_db_select(db, p, shown[parts], org, FB_ARGS(id), rows)
           : APR_SUCCESS;
}

apr_status_t fb_conversation_render(fb_db_t *db, apr_pool_t *p,
                                    const char *org, const char *id,
                                    fb_conversation_parts_e parts,
                                    const char **json)
{
    return fb_conversation_render_with(db, p, org, id, parts, NULL, json);
}

/* The conversation of row with parts (or none) and values, as the API
 * writes it, in *json. */
static apr_status_t fb_conversation_text(apr_pool_t *p,
                                         const char *const *row,
                                         const fb_rows_t *parts,
                                         const fb_conversation_values_t
                                             *values,
                                         const char **json)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, p, FB_CONVERSATION_JSON_SIZE
                         + (parts != NULL ? (apr_size_t)parts->nrows : 0)
                           * FB_CONVERSATION_PART_SIZE);
    if (!fb_conversation_write(&w, row, parts, values)) {
        return APR_EGENERAL;
    }
    *json = fb_jsonw_text(&w, NULL);
    return APR_SUCCESS;
}

/* The conversation's row and its parts as parts says, or *found 0 when
 * the organization has no conversation id. */
static apr_status_t fb_conversation_read(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         fb_conversation_parts_e parts,
                                         fb_rows_t *rows,
                                         fb_rows_t *part_rows, int *found)
{
    apr_status_t rv = fb_db_select(db, p, &fb_sql_conversation_render, org,
                                   FB_ARGS(id), rows);

    *found = rv == APR_SUCCESS && rows->nrows > 0;
    return *found ? fb_conversation_parts(db, p, org, id, parts, part_rows)
                  : rv;
}

apr_status_t fb_conversation_render_with(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         fb_conversation_parts_e parts,
                                         const fb_conversation_values_t
                                             *values,
                                         const char **json)
{
    fb_rows_t rows, part_rows;
    int found;
    apr_status_t rv = fb_conversation_read(db, p, org, id, parts, &rows,
                                           &part_rows, &found);

    *json = NULL;
    if (rv != APR_SUCCESS || !found) {
        return rv;
    }
    return fb_conversation_text(p, rows.cells,
                                parts != FB_CONVERSATION_NO_PARTS
                                ? &part_rows : NULL, values, json);
}

apr_status_t fb_conversation_render_full(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         const char **json,
                                         const char **full)
{
    fb_rows_t rows, part_rows;
    int found;
    apr_status_t rv = fb_conversation_read(db, p, org, id,
                                           FB_CONVERSATION_ALL_PARTS, &rows,
                                           &part_rows, &found);

    *json = *full = NULL;
    if (rv != APR_SUCCESS || !found) {
        return rv;
    }
    if ((rv = fb_conversation_text(p, rows.cells, NULL, NULL, json))
        != APR_SUCCESS) {
        return rv;
    }
    return fb_conversation_text(p, rows.cells, &part_rows, NULL, full);
}

apr_status_t fb_conversation_part_render(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         const char **json)
{
    fb_rows_t rows;
    fb_jsonw_t w;
    apr_status_t rv = fb_db_select(db, p, &fb_sql_conversation_part_render,
                                   org, FB_ARGS(id), &rows);

    *json = NULL;
    if (rv != APR_SUCCESS || rows.nrows == 0) {
        return rv;
    }
    fb_jsonw_init(&w, p, FB_CONVERSATION_PART_SIZE);
    if (!fb_conversation_part_write(&w, rows.cells)) {
        return APR_EGENERAL;
    }
    *json = fb_jsonw_text(&w, NULL);
    return APR_SUCCESS;
}

/* The topic of a move from before to state. */
static const char *fb_conversation_topic(const char *before,
                                         const char *state)
{
    if (strcmp(state, "closed") == 0) {
        return "conversation.admin.closed";
    }
    if (strcmp(state, "snoozed") == 0) {
        return "conversation.admin.snoozed";
    }
    return strcmp(before, "snoozed") == 0 ? "conversation.admin.unsnoozed"
                                          : "conversation.admin.opened";
}

apr_status_t fb_conversation_state_set(fb_db_t *db, apr_pool_t *p,
                                       const char *org, const char *id,
                                       const char *state, const char *until,
                                       const char **topic)
{
    fb_conversation_part_t part = {.type = "status"};
    const char *before, *part_id;
    fb_rows_t rows;
    apr_status_t rv;

    *topic = NULL;
    rv = fb_db_select(db, p, &fb_sql_conversation_state_move, org,
                      FB_NAMED(conversation_state_move, .id = id,
                               .state = state, .until = until),
                      &rows);
    if (rv != APR_SUCCESS || rows.nrows == 0) {
        return rv;
    }
    before = fb_rows_get(&rows, 0, 0);
    part.data = fb_rows_get(&rows, 0, 1);
    rv = fb_conversation_part_add(db, p, org, id, &part, &part_id);
    if (rv == APR_SUCCESS) {
        /* The same state again is a new snooze time. */
        *topic = strcmp(before, state) != 0
                 ? fb_conversation_topic(before, state)
                 : "conversation.admin.snoozed";
    }
    return rv;
}

apr_status_t fb_conversation_wake(fb_db_t *db, apr_pool_t *p,
                                  const char *org, const char *id,
                                  int *woke)
{
    const char *due = NULL, *topic = NULL, *json = NULL;
    apr_status_t rv, end;

    *woke = 0;
    if ((rv = fb_db_begin(db, p)) != APR_SUCCESS) {
        return rv;
    }
    rv = fb_conversation_cell(db, p, &fb_sql_conversation_wake_due, org, id,
                              &due);
    if (rv == APR_SUCCESS && due != NULL) {
        rv = fb_conversation_state_set(db, p, org, id, "open", NULL,
                                       &topic);
    }
    if (rv == APR_SUCCESS && topic != NULL) {
        rv = fb_conversation_render(db, p, org, id,
                                    FB_CONVERSATION_NO_PARTS, &json);
    }
    if (rv == APR_SUCCESS && topic != NULL) {
        rv = json != NULL ? fb_event_record(db, p, org, topic, json, NULL)
                          : APR_EGENERAL;
    }
    end = fb_db_end(db, p, rv == APR_SUCCESS);
    if (rv == APR_SUCCESS) {
        rv = end;
    }
    *woke = rv == APR_SUCCESS && topic != NULL;
    return rv;
}
