/*
 * conversation_search_rows.h: the columns of a search page's rows (the
 * statements of conversation_search.c select them) and the writer of
 * the page (conversation_search_rows.c).
 *
 * A row is a conversation's columns (CONVERSATION_ROW_COLUMNS, those of
 * CONVERSATION_COLUMNS a row shows, conversation.h)
 * followed by search's own (SEARCH_COLUMNS), then the row's sort key, its
 * uid and, in search mode, the total (SEARCH_NCOLS, + 1, + 2).  What a
 * row holds a list of (the window of messages around the match) and the
 * people it names (the customer, the authors) are read by the writer in
 * one statement each over the page's ids.
 */
#ifndef CONVERSATION_SEARCH_ROWS_H
#define CONVERSATION_SEARCH_ROWS_H

#include "conversation.h"
#include "fb_request.h"

/* Previews: at most this many characters of a part's markdown. */
#define SEARCH_PREVIEW "280"
#define SEARCH_MATCH_PREVIEW "500"

/*
 * Search's columns over a page cv (a conversation with score, match_id
 * and searched) and the best matching part mp (none in filter mode, or
 * when only the title matched): the customer or lead the conversation is
 * with (its first contact that still exists), the score, the match.
 */
#define SEARCH_COLUMNS(X) \
    X(USER_ID, "(SELECT u.user_id FROM conversation_participants u " \
      "JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id " \
      "WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id " \
      "AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1)") \
    X(SCORE, "cv.search_score") \
    X(SEARCHED, "cv.searched") \
    X(MATCH_ID, "mp.id") \
    X(MATCH_PART_TYPE, "mp.part_type") \
    X(MATCH_CREATED_AT, "mp.created_at AT TIME ZONE 'UTC'") \
    X(MATCH_PREVIEW, "CASE WHEN mp.redacted THEN NULL " \
      "ELSE left(mp.body_markdown, " SEARCH_MATCH_PREVIEW ") END") \
    X(MATCH_AUTHOR_KIND, "mp.author_kind") \
    X(MATCH_AUTHOR_ID, "mp.author_id")

/* The conversation's columns keep their CONV_COL_ numbers; search's
 * follow them (where a whole conversation has isBlocked and receipts). */
#define SEARCH_COL_SKIP(name, sql) SEARCH_CONV_COL_##name,
#define SEARCH_COL_ENUM(name, sql) SEARCH_COL_##name,
enum {
    CONVERSATION_ROW_COLUMNS(SEARCH_COL_SKIP)
    SEARCH_COLUMNS(SEARCH_COL_ENUM) SEARCH_NCOLS
};

#define SEARCH_COL_SQL(name, sql) sql ", "
/* The select list of a page: the columns, then what follows (the sort
 * key, uid, ...). */
#define SEARCH_SELECT(more) \
    CONVERSATION_ROW_COLUMNS(CONV_COL_SQL) SEARCH_COLUMNS(SEARCH_COL_SQL) more

/* The rows cv of a page with their source (src) and best matching
 * part (mp). */
#define SEARCH_FROM(rows) \
    CONVERSATION_FROM(rows) \
    "LEFT JOIN conversation_parts mp " \
    "  ON mp.org_id = cv.org_id AND mp.id = cv.match_id "

extern const fb_statement_t fb_sql_conversation_search_window,
    fb_sql_conversation_search_people;

/*
 * The JSON array of the first n rows of a page, the library's
 * ConversationSearchResponse.Data, in *json: the window of each and the
 * people they name read first (two statements over the page's ids).
 */
fb_error_t *fb_search_page(fb_req_t *fr, const fb_rows_t *rows, int n,
                           const char **json);

#endif
