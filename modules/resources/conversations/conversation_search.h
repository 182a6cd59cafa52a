/*
 * conversation_search.h: the structured query of POST
 * /conversations/search, checked against the field and operator tables
 * of conversation_search_query.c and put in the one form the search
 * statements read (conversation_search.c):
 *
 *     {"op": "and" | "or",
 *      "c": [{"f": field, "o": "in" | "nin" | "gt" | "lt" | "ge" | "le",
 *             "v": [value...], "k": attribute key (customAttributes)}]}
 *
 * Values are text (or null, where a field may be unset), but custom
 * attribute values stay JSON so that they compare as stored.
 */
#ifndef CONVERSATION_SEARCH_H
#define CONVERSATION_SEARCH_H

#include "fb_request.h"

/* Clauses in a group, and values in an IN / NIN list, at most. */
#define FB_SEARCH_MAX_CLAUSES 15
#define FB_SEARCH_MAX_VALUES 100

/* Which ids may drive filter mode's statements (conversation_search.c). */
typedef enum {
    FB_SEARCH_DRIVE_NONE,
    FB_SEARCH_DRIVE_TAGS,       /* conversations with one of these tags */
    FB_SEARCH_DRIVE_PEOPLE      /* ... with one of these participants */
} fb_search_drive_e;

typedef struct {
    const char *filter;         /* the form above as text; NULL: none */
    int broad;                  /* the query only excludes (below) */
    fb_search_drive_e drive;
    const char *drive_ids;      /* a text[] literal, with a drive */
} fb_search_plan_t;

/*
 * Checks the body's query (NULL: none) into *plan: the form above, and
 * broad: whether it only excludes (every clause a negation of a field
 * that is not a bounded enumeration, or an OR with one such clause);
 * an AND (or one clause) that selects by tags or participants (= or IN)
 * names the first such clause's ids as its drive.  A bad query is 400
 * naming the member at fault ("query.value[2].operator").
 */
fb_error_t *fb_search_query(fb_req_t *fr, json_object *query,
                            fb_search_plan_t *plan);

#endif
