/*
 * conversation_search_rows: a page of POST /conversations/search written
 * from plain columns (conversation_search_rows.h).
 *
 * The rows were jsonb text when PostgreSQL built them, so they keep
 * jsonb's layout ({"key": value}, keys shorter first, then by bytes:
 * fb_jsonw_jsonb); members are written here in that order.  The
 * conversation's own members are the domain's writers'
 * (conversation_render.c).  Each row holds the 30 messages around its
 * match, and names people (the customer, the match's and the messages'
 * authors); both are read in one statement each over the page's ids
 * rather than by a subquery per row and per person.
 */
#include <string.h>

#include "apr_hash.h"
#include "apr_strings.h"

#include "conversation_search_rows.h"
#include "conversations.h"

/* Parts that are messages: what search reads and windows show.  The
 * API key is an admin's, so notes are among them (as in GET
 * /conversations/{id}); customers never read this endpoint. */
#define SEARCH_MESSAGES "('user_msg', 'admin_msg', 'admin_note', 'email_msg')"

/*
 * The windows of the page's conversations (s.id, with the match
 * s.match_id, '' for none), in the page's order: 30 messages around the
 * match, 15 before it and 15 from it on, sliding to the first or last 30
 * near the ends; the newest 30 without a match.  w.i numbers a
 * conversation's messages, w.t counts them, w.a is the match's number.
 */
#define SEARCH_START \
    "greatest(1, least(coalesce(w.a - 15, w.t), w.t - 29))"

#define SEARCH_WINDOW_COLUMNS(X) \
    X(CONVERSATION, "s.id") \
    X(ID, "w.id") \
    X(PREVIEW, "CASE WHEN w.redacted THEN NULL " \
      "ELSE left(w.body_markdown, " SEARCH_PREVIEW ") END") \
    X(TRUNCATED, "NOT w.redacted " \
      "AND coalesce(length(w.body_markdown), 0) > " SEARCH_PREVIEW) \
    X(CREATED_AT, "w.created_at AT TIME ZONE 'UTC'") \
    X(PART_TYPE, "w.part_type") \
    X(AUTHOR_KIND, "w.author_kind") \
    X(AUTHOR_ID, "w.author_id")

#define WIN_COL_ENUM(name, sql) WIN_COL_##name,
enum { SEARCH_WINDOW_COLUMNS(WIN_COL_ENUM) WIN_NCOLS };
#define WIN_COL_SQL(name, sql) sql ", "

/* The conversations' ids and the ids of their matches (or ""). */
FB_SQL_NAMED(conversation_search_window, (ids, matches),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text[] AS ids, %s::text[] AS matches) "
    "SELECT " SEARCH_WINDOW_COLUMNS(WIN_COL_SQL) "s.o "
    "FROM k, unnest(k.ids, k.matches) WITH ORDINALITY s(id, "
    "  match_id, o), "
    "LATERAL (SELECT y.*, max(CASE WHEN y.id = s.match_id THEN y.i END) "
    "    OVER () AS a "
    "  FROM (SELECT pt.id, pt.created_at, pt.part_type, pt.redacted, "
    "      pt.body_markdown, pt.author_kind, pt.author_id, "
    "      row_number() OVER (ORDER BY pt.created_at, pt.n) AS i, "
    "      count(*) OVER () AS t "
    "    FROM conversation_parts pt WHERE pt.org_id = k.org_id "
    "    AND pt.conversation_id = s.id "
    "    AND pt.part_type IN " SEARCH_MESSAGES ") y) w "
    "WHERE w.i >= " SEARCH_START " AND w.i < " SEARCH_START " + 30 "
    "ORDER BY s.o, w.i");

/*
 * People as SearchMatchingPartAuthor: contacts (a customer with its
 * companies, [id, name] arrays by when they were added) and admins.
 */
#define SEARCH_PEOPLE_COLUMNS(X) \
    X(KIND, "kind") \
    X(ID, "id") \
    X(TYPE, "type") \
    X(NAME, "name") \
    X(EMAIL, "email") \
    X(PICTURE, "profile_picture") \
    X(COMPANIES, "companies")

#define PERSON_COL_ENUM(name, sql) PERSON_COL_##name,
enum { SEARCH_PEOPLE_COLUMNS(PERSON_COL_ENUM) PERSON_NCOLS };

FB_SQL_NAMED(conversation_search_people, (contacts, admins),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text[] AS contacts, %s::text[] AS admins) "
    "SELECT 'contact' AS kind, a.id, a.type, a.name, a.email, "
    "  a.profile_picture, CASE WHEN a.type <> 'customer' THEN NULL "
    "  ELSE ARRAY(SELECT ARRAY[co.id, co.name] "
    "    FROM contact_companies cc JOIN companies co "
    "      ON co.org_id = cc.org_id AND co.id = cc.company_id "
    "    WHERE cc.org_id = a.org_id AND cc.contact_id = a.id "
    "    ORDER BY cc.added_at, co.id) END AS companies "
    "FROM k, contacts a WHERE a.org_id = k.org_id "
    "AND a.id = ANY (k.contacts) "
    "UNION ALL SELECT 'admin', a.id, 'admin', a.name, a.email, "
    "  a.profile_picture, NULL "
    "FROM k, admins a WHERE a.org_id = k.org_id AND a.id = ANY (k.admins)");

#define CELL(rows, i, col) ((rows)->cells[(i) * (rows)->ncols + (col)])

/* What the page's rows need beyond their columns. */
typedef struct {
    fb_rows_t window;
    int next;                   /* the window's first row not written */
    apr_hash_t *people;         /* "kind id" -> a row of people */
    const fb_conversation_values_t *values;   /* or NULL: not asked */
} fb_sr_page_t;

static const char *fb_sr_person_key(apr_pool_t *p, const char *kind,
                                    const char *id)
{
    return apr_pstrcat(p, kind, " ", id, NULL);
}

/* Adds the person kind id to the contacts or admins to read. */
static void fb_sr_name(apr_array_header_t *contacts,
                       apr_array_header_t *admins, const char *kind,
                       const char *id)
{
    if (kind != NULL && id != NULL) {
        APR_ARRAY_PUSH(strcmp(kind, "admin") == 0 ? admins : contacts,
                       const char *) = id;
    }
}

/* Reads the windows of the first n rows, then the people named. */
static fb_error_t *fb_sr_read(fb_req_t *fr, const fb_rows_t *rows, int n,
                              fb_sr_page_t *page)
{
    apr_pool_t *p = fr->pool;
    apr_array_header_t *ids = apr_array_make(p, n, sizeof(char *));
    apr_array_header_t *matches = apr_array_make(p, n, sizeof(char *));
    apr_array_header_t *contacts = apr_array_make(p, n, sizeof(char *));
    apr_array_header_t *admins = apr_array_make(p, 4, sizeof(char *));
    fb_rows_t people;
    fb_error_t *err;
    const char *match;
    int i;

    for (i = 0; i < n; i++) {
        match = CELL(rows, i, SEARCH_COL_MATCH_ID);
        APR_ARRAY_PUSH(ids, const char *) = CELL(rows, i, CONV_COL_ID);
        APR_ARRAY_PUSH(matches, const char *) = match ? match : "";
        fb_sr_name(contacts, admins, "contact",
                   CELL(rows, i, SEARCH_COL_USER_ID));
        fb_sr_name(contacts, admins, CELL(rows, i, SEARCH_COL_MATCH_AUTHOR_KIND),
                   CELL(rows, i, SEARCH_COL_MATCH_AUTHOR_ID));
    }
    if ((err = fb_req_select(fr, FB_CALL(conversation_search_window,
                                         .ids = fb_db_text_array(p, ids),
                                         .matches = fb_db_text_array(
                                             p, matches)),
                             &page->window)) != NULL) {
        return err;
    }
    for (i = 0; i < page->window.nrows; i++) {
        fb_sr_name(contacts, admins,
                   CELL(&page->window, i, WIN_COL_AUTHOR_KIND),
                   CELL(&page->window, i, WIN_COL_AUTHOR_ID));
    }
    if ((err = fb_req_select(fr, FB_CALL(conversation_search_people,
                                         .contacts = fb_db_text_array(
                                             p, contacts),
                                         .admins = fb_db_text_array(
                                             p, admins)),
                             &people)) != NULL) {
        return err;
    }
    if ((err = fb_conversation_values_load(fr, rows, n, &page->values))
        != NULL) {
        return err;
    }
    page->next = 0;
    page->people = apr_hash_make(p);
    for (i = 0; i < people.nrows; i++) {
        apr_hash_set(page->people,
                     fb_sr_person_key(p, CELL(&people, i, PERSON_COL_KIND),
                                      CELL(&people, i, PERSON_COL_ID)),
                     APR_HASH_KEY_STRING, people.cells + i * people.ncols);
    }
    return NULL;
}

/* A contact's companies ({id, name} objects); 0 when text is not the
 * array the statement gives. */
static int fb_sr_companies(fb_jsonw_t *w, const char *text)
{
    apr_array_header_t *items;
    int i;

    fb_jsonw_key(w, "companies");
    if (fb_db_array_parse(w->pool, text, &items) != APR_SUCCESS
        || items->nelts % 2 != 0) {
        fb_jsonw_raw(w, NULL);
        return 0;
    }
    fb_jsonw_array(w);
    for (i = 0; i < items->nelts; i += 2) {
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", APR_ARRAY_IDX(items, i, char *));
        fb_jsonw_member_string(w, "name",
                               APR_ARRAY_IDX(items, i + 1, char *));
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return 1;
}

/* The person kind id as member key: as they are now; one deleted since
 * keeps its type and id; null without a person. */
static int fb_sr_person(fb_jsonw_t *w, const fb_sr_page_t *page,
                        const char *key, const char *kind, const char *id)
{
    int admin = kind != NULL && strcmp(kind, "admin") == 0, ok = 1;
    const char *const *person;

    fb_jsonw_key(w, key);
    if (kind == NULL || (!admin && strcmp(kind, "contact") != 0)) {
        fb_jsonw_raw(w, NULL);
        return 1;
    }
    person = apr_hash_get(page->people, fb_sr_person_key(w->pool, kind, id),
                          APR_HASH_KEY_STRING);
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", id);
    if (person == NULL) {
        fb_jsonw_member_string(w, "type", admin ? "admin" : "customer");
        fb_jsonw_end(w);
        return 1;
    }
    fb_jsonw_member_string(w, "name", person[PERSON_COL_NAME]);
    fb_jsonw_member_string(w, "type", person[PERSON_COL_TYPE]);
    fb_jsonw_member_string(w, "email", person[PERSON_COL_EMAIL]);
    if (person[PERSON_COL_COMPANIES] != NULL) {
        ok = fb_sr_companies(w, person[PERSON_COL_COMPANIES]);
    }
    fb_jsonw_member_string(w, "profilePicture", person[PERSON_COL_PICTURE]);
    fb_jsonw_end(w);
    return ok;
}

/* The window of conversation id: the window's rows from page->next on
 * that are its (they come in the page's order). */
static int fb_sr_window(fb_jsonw_t *w, fb_sr_page_t *page, const char *id)
{
    const fb_rows_t *win = &page->window;
    const char *const *m;
    int ok = 1;

    fb_jsonw_key(w, "surroundingConversationParts");
    fb_jsonw_array(w);
    for (; page->next < win->nrows
           && strcmp(CELL(win, page->next, WIN_COL_CONVERSATION), id) == 0;
         page->next++) {
        m = win->cells + page->next * win->ncols;
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", m[WIN_COL_ID]);
        ok &= fb_sr_person(w, page, "author", m[WIN_COL_AUTHOR_KIND],
                           m[WIN_COL_AUTHOR_ID]);
        fb_jsonw_member_string(w, "partType", m[WIN_COL_PART_TYPE]);
        ok &= fb_jsonw_member_time(w, "createdAt", m[WIN_COL_CREATED_AT]);
        fb_jsonw_member_string(w, "previewMarkdown", m[WIN_COL_PREVIEW]);
        fb_jsonw_member_bool(w, "previewMarkdownTruncated",
                             m[WIN_COL_TRUNCATED]);
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return ok;
}

/* The best matching part: its id, type and time; null without one. */
static int fb_sr_match(fb_jsonw_t *w, const char *const *row)
{
    int ok;

    fb_jsonw_key(w, "matchingPart");
    if (row[SEARCH_COL_MATCH_ID] == NULL) {
        fb_jsonw_raw(w, NULL);
        return 1;
    }
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", row[SEARCH_COL_MATCH_ID]);
    fb_jsonw_member_string(w, "partType", row[SEARCH_COL_MATCH_PART_TYPE]);
    ok = fb_jsonw_member_time(w, "createdAt", row[SEARCH_COL_MATCH_CREATED_AT]);
    fb_jsonw_end(w);
    return ok;
}

/* One row: a slim conversation, and in search mode (searched) the
 * relevance and the match. */
static int fb_sr_row(fb_jsonw_t *w, fb_sr_page_t *page,
                     const char *const *row)
{
    int searched = strcmp(row[SEARCH_COL_SEARCHED], "t") == 0, ok = 1;

    ok &= fb_conversation_head_write(w, row);
    fb_jsonw_member_string(w, "brandId", row[CONV_COL_BRAND_ID]);
    fb_jsonw_member_bool(w, "priority", row[CONV_COL_PRIORITY]);
    ok &= fb_jsonw_member_time(w, "createdAt", row[CONV_COL_CREATED_AT]);
    ok &= fb_jsonw_member_time(w, "updatedAt", row[CONV_COL_UPDATED_AT]);
    if (searched) {
        ok &= fb_sr_match(w, row);
    }
    ok &= fb_conversation_participants_write(w, row);
    ok &= fb_jsonw_member_time(w, "prioritySetAt",
                               row[CONV_COL_PRIORITY_SET_AT]);
    ok &= fb_jsonw_member_time(w, "lastActivityAt",
                               row[CONV_COL_LAST_ACTIVITY_AT]);
    if (searched) {
        fb_jsonw_key(w, "relevanceScore");
        fb_jsonw_raw(w, row[SEARCH_COL_SCORE]);
    }
    fb_jsonw_member_string(w, "teamAssigneeId",
                           row[CONV_COL_TEAM_ASSIGNEE_ID]);
    fb_jsonw_member_string(w, "adminAssigneeId",
                           row[CONV_COL_ADMIN_ASSIGNEE_ID]);
    if (row[SEARCH_COL_USER_ID] == NULL) {
        fb_jsonw_key(w, "conversationUser");
        fb_jsonw_raw(w, NULL);
    }
    else {
        ok &= fb_sr_person(w, page, "conversationUser", "contact",
                           row[SEARCH_COL_USER_ID]);
    }
    fb_jsonw_key(w, "customAttributes");
    fb_jsonw_raw(w, row[CONV_COL_CUSTOM_ATTRIBUTES]);
    if (page->values != NULL) {
        ok &= fb_conversation_values_write(w, page->values, row[CONV_COL_ID]);
    }
    if (searched) {
        ok &= fb_sr_person(w, page, "matchingPartAuthor",
                           row[SEARCH_COL_MATCH_AUTHOR_KIND],
                           row[SEARCH_COL_MATCH_AUTHOR_ID]);
    }
    fb_jsonw_member_bool(w, "awaitingCustomerReply",
                         row[CONV_COL_AWAITING_CUSTOMER_REPLY]);
    if (searched) {
        fb_jsonw_member_string(w, "matchingBodyPreviewMarkdown",
                               row[SEARCH_COL_MATCH_PREVIEW]);
    }
    ok &= fb_sr_window(w, page, row[CONV_COL_ID]);
    fb_jsonw_end(w);
    return ok;
}

/* About what a row takes with its window, to size the buffer once. */
#define SEARCH_ROW_SIZE 8192

fb_error_t *fb_search_page(fb_req_t *fr, const fb_rows_t *rows, int n,
                           const char **json)
{
    fb_sr_page_t page;
    fb_jsonw_t w;
    fb_error_t *err;
    int i, ok = 1;

    *json = "[]";
    if (n == 0) {
        return NULL;
    }
    if ((err = fb_sr_read(fr, rows, n, &page)) != NULL) {
        return err;
    }
    fb_jsonw_init(&w, fr->pool, (apr_size_t)n * SEARCH_ROW_SIZE + 2);
    fb_jsonw_restart(&w, '[');
    for (i = 0; i < n; i++) {
        if (i > 0) {
            fb_jsonw_restart(&w, ',');
        }
        ok &= fb_sr_row(&w, &page, rows->cells + i * rows->ncols);
    }
    fb_jsonw_restart(&w, ']');
    if (!ok) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    *json = fb_jsonw_text(&w, NULL);
    return NULL;
}
