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

/*
 * Checks the body's query (NULL: none) into *filter, the form above as
 * text (NULL: no query), and *broad: whether it only excludes (every
 * clause a negation of a field that is not a bounded enumeration, or an
 * OR with one such clause).  A bad query is 400 naming the member at
 * fault ("query.value[2].operator").
 */
fb_error_t *fb_search_query(fb_req_t *fr, json_object *query,
                            const char **filter, int *broad);

#endif
