/*
 * fb_search.h: the one search engine of every family's POST
 * /<family>/search (posts, comments, companies, contacts, conversations;
 * the official client's *.search methods, docs/decisions.md "One search
 * engine").
 *
 * A family declares, as data:
 *
 * - its fields: an X-macro list X(name, alias, form, kind, ops, flags,
 *   choices, why, sql) from which FB_SEARCH_FIELD_ROW makes the C table
 *   the compiler checks clauses against (the camelCase name, the
 *   snake_case alias, the kind of value, the operators, nullable,
 *   bounded, indexed, the choices of an enumeration, why a known field is
 *   not supported) and FB_SEARCH_WHEN the SQL predicate of each (sql,
 *   over the clause fc.j, with the macros below), so the two cannot
 *   disagree;
 * - its orders: statements made by FB_SEARCH_*_PAGE from its pieces (the
 *   rows and guards, the outer select of its row writer, each sort's
 *   column, key and cursor comparison) and listed in fb_search_order_t
 *   tables by the sort names the client sends;
 * - its full text: the statement set of search mode, whose `admitted`
 *   rows are the matches of the text the filter admits, with a score;
 * - its fast sets: statements for the commonest filters (one id of each
 *   of a few indexed fields) that PostgreSQL plans once
 *   (fb_search_fast_t);
 * - its caps of totalCount and how its rows are written (the family's
 *   GET writer).
 *
 * and gets the compiler (every bad clause a 400 naming its path, e.g.
 * "query.value[2].operator"), the refusal of a query that only excludes,
 * keyset cursors bound to the mode, sort, filter and text, totalCount
 * with its cap, and the expensive-turn budget (fb_req_expensive), from
 * fb_search_respond.
 *
 * Every statement of the engine takes the same arguments, bound once and
 * by name in FB_SEARCH_ARGS: the set search (fb_params.h), which a call
 * fills member by member (fb_params_search_t, FB_NAMED_VALUES), never by
 * counting.
 */
#ifndef FB_SEARCH_H
#define FB_SEARCH_H

#include "fb_cursor.h"
#include "fb_query.h"
#include "fb_resource.h"

/* Clauses in a group, and values in an IN / NIN list, at most. */
#define FB_SEARCH_MAX_CLAUSES 15
#define FB_SEARCH_MAX_VALUES 100

/* A drive (below) is taken while its ids have fewer links than this. */
#define FB_SEARCH_DRIVE_MAX 2000

/* Operators, as bits of a field's mask. */
#define FB_SOP_EQ  0x001
#define FB_SOP_NE  0x002
#define FB_SOP_IN  0x004
#define FB_SOP_NIN 0x008
#define FB_SOP_GT  0x010
#define FB_SOP_LT  0x020
#define FB_SOP_GE  0x040
#define FB_SOP_LE  0x080
#define FB_SOP_HAS 0x100            /* ~ : the value is part of it */
#define FB_SOPS_SET (FB_SOP_EQ | FB_SOP_NE | FB_SOP_IN | FB_SOP_NIN)
#define FB_SOPS_BOOL (FB_SOP_EQ | FB_SOP_NE)
#define FB_SOPS_RANGE (FB_SOP_GT | FB_SOP_LT | FB_SOP_GE | FB_SOP_LE)
#define FB_SOPS_ORDER (FB_SOPS_BOOL | FB_SOPS_RANGE)
/* = != > < only (the client's tables for people) */
#define FB_SOPS_ORDER_STRICT (FB_SOPS_BOOL | FB_SOP_GT | FB_SOP_LT)

typedef enum {
    FB_SK_ENUM,         /* a string among choices */
    FB_SK_BOOL,         /* true or false */
    FB_SK_ID,           /* an object id */
    FB_SK_TIME,         /* Unix seconds, an integer */
    FB_SK_NUMBER,       /* a number */
    FB_SK_STRING,       /* a string of at most 256 characters */
    FB_SK_VALUE,        /* a custom attribute's value: any scalar */
    FB_SK_NONE          /* known, not supported here (why says why) */
} fb_search_kind_e;

#define FB_SF_NULLABLE 0x1  /* null: unset (unassigned, no brand) */
#define FB_SF_BOUNDED  0x2  /* a negation alone is not too broad */
#define FB_SF_INDEXED  0x4  /* = / IN of an AND also go to k.index_clauses */
#define FB_SF_PREFIX   0x8  /* name is a prefix: name<key> */
/* Indexed, and every statement of the family applies the index condition
 * (FB_SEARCH_IX) exactly as the clause would: a query of such clauses
 * only runs without its filter. */
#define FB_SF_COVERED  0x10

typedef struct {
    const char *name;       /* camelCase (with FB_SF_PREFIX, "x.") */
    const char *alias;      /* the deprecated snake_case name, or NULL */
    const char *form;       /* the statements' name of it */
    fb_search_kind_e kind;
    unsigned ops;
    unsigned flags;
    const char *const *choices;
    const char *why;        /* FB_SK_NONE: the error's message */
} fb_search_field_t;

/* A family's field list X(...) as the compiler's table, and as the CASE
 * of its predicate. */
#define FB_SEARCH_FIELD_ROW(n, a, f, k, o, fl, c, w, sql) \
    {.name = (n), .alias = (a), .form = (f), .kind = (k), .ops = (o), \
     .flags = (fl), .choices = (c), .why = (w)},
#define FB_SEARCH_WHEN(n, a, f, k, o, fl, c, w, sql) \
    "WHEN '" f "' THEN " sql " "
#define FB_SEARCH_HAS(FIELDS) "CASE fc.j ->> 'f' " FIELDS(FB_SEARCH_WHEN) "END"

/* ---- the SQL of a clause fc.j ({f, o, v[, k]}) ----
 *
 * Written without subqueries over the values (jsonb operators on the
 * array v instead): every subquery of a statement is planned again for
 * each execution, and a family's predicate has one per field. */

/* Its values (a jsonb array of texts, or null), and its first value. */
#define FB_SEARCH_VALUES "(fc.j -> 'v')"
#define FB_SEARCH_FIRST "(fc.j -> 'v' ->> 0)"
/* col (text) is one of the values (null among them matches unset). */
#define FB_SEARCH_IN(col) \
    "(fc.j -> 'v') @> coalesce(to_jsonb(" col "), 'null'::jsonb)"
/* As FB_SEARCH_IN, without regard to case (an email address): values
 * and col lower-cased alike (a JSON text lower-cased is the same JSON of
 * lower-cased strings: its escapes are lower-case already). */
#define FB_SEARCH_IN_ANY_CASE(col) \
    "lower((fc.j -> 'v')::text)::jsonb " \
    "  @> coalesce(to_jsonb(lower(" col ")), 'null'::jsonb)"
/* The text col is one of the values (col is never null). */
#define FB_SEARCH_HAS_ID(col) "(fc.j -> 'v') ? " col
/* The text[] col has one of the values. */
#define FB_SEARCH_ANY(col) "(fc.j -> 'v') ?| " col
/* expr, of type cast, compared by the operator (= and != with the one
 * value). */
#define FB_SEARCH_CMP(expr, cast) \
    "CASE fc.j ->> 'o' " \
    "  WHEN 'gt' THEN " expr " > " FB_SEARCH_FIRST "::" cast " " \
    "  WHEN 'lt' THEN " expr " < " FB_SEARCH_FIRST "::" cast " " \
    "  WHEN 'ge' THEN " expr " >= " FB_SEARCH_FIRST "::" cast " " \
    "  WHEN 'le' THEN " expr " <= " FB_SEARCH_FIRST "::" cast " " \
    "  ELSE " expr " = " FB_SEARCH_FIRST "::" cast " END"
#define FB_SEARCH_NUMBER(col) FB_SEARCH_CMP("(" col ")::numeric", "numeric")
/* A time, compared to the second. */
#define FB_SEARCH_TIME(col) \
    FB_SEARCH_CMP("floor(extract(epoch FROM " col "))", "numeric")
/* A string: one of the values, or (~) containing the value, without
 * regard to case. */
#define FB_SEARCH_STRING(col) \
    "CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(" col "), " \
    "  lower(" FB_SEARCH_FIRST ")) > 0 ELSE " FB_SEARCH_IN(col) " END"
/* The ids of an indexed field's = / IN clause (NULL: none), as text[]:
 * a constant once PostgreSQL plans the execution's values (sql/036). */
#define FB_SEARCH_IDS(form) "fb_search_ids(k.index_clauses, '" form "')"
/* col is among them, when the query names some; and equal to the one,
 * when it names one: = ANY keeps an index from giving its rows in order,
 * an equality does not (a board and a status walk their own index in
 * creation order, not the organization's). */
#define FB_SEARCH_IX(form, col) \
    "AND (" FB_SEARCH_IDS(form) " IS NULL " \
    "  OR " col " = ANY (" FB_SEARCH_IDS(form) ")) " \
    "AND (coalesce(cardinality(" FB_SEARCH_IDS(form) "), 0) <> 1 " \
    "  OR " col " = (" FB_SEARCH_IDS(form) ")[1]) "

/* Whether the row passes clause fc.j (its field's predicate, negated by
 * nin), and the query k.clauses (NULL: every row).  An AND passes when no
 * clause fails, an OR when one passes: with or = (k.clauses's op is or), when
 * no clause's pass equals or, the row passes unless or.  So the
 * predicate is written once. */
#define FB_SEARCH_CLAUSE(has) \
    "coalesce((fc.j ->> 'o' = 'nin') <> (" has "), false)"
#define FB_SEARCH_FILTER(has) \
    "AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1 " \
    "  FROM jsonb_array_elements(k.clauses -> 'c') fc(j) " \
    "  WHERE " FB_SEARCH_CLAUSE(has) " = (k.clauses ->> 'op' = 'or'))) " \
    "  <> (k.clauses ->> 'op' = 'or')) "

/*
 * The arguments of every statement of the engine, in this order:
 * the organization (put there by the call), the checked query (jsonb,
 * NULL: none), its index clauses ({form: [ids]}, jsonb), the search text
 * (k.q, a tsquery; NULL in filter mode), what the key may see (a jsonb
 * array of names a family's guards read), the cursor's key and id (NULL on a
 * first page); then the limit, the one placeholder after k (LIMIT %d:
 * the page's rows and one more, or a count's cap).  NOT MATERIALIZED, so
 * that k's columns reach index conditions as the parameters themselves.
 */
FB_PARAMS(search, (clauses, index_clauses, text, scope, after_key, after_id,
                   limit));

#define FB_SEARCH_ARGS \
    "WITH search_args AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::jsonb AS clauses, %s::jsonb AS index_clauses, %s::text AS text, " \
    "  %s::jsonb AS scope, %s::text AS after_key, %s::text AS after_id), " \
    "k AS NOT MATERIALIZED (SELECT a.*, " \
    "  plainto_tsquery('english', a.text) AS q FROM search_args a) "

/* Whether the key may what name says (a name of the family's scope, a
 * jsonb array: a constant in the plan, where a text[] argument would
 * stay a cast to run on every row). */
#define FB_SEARCH_MAY(name) "(k.scope ? '" name "')"

/*
 * A page of filter mode: the rows of base (a FROM list with its WHERE:
 * the family's rows, guards and index conditions over k) the filter
 * admits, after the cursor (after: "AND (col, id) < (key, k.after_id) " or
 * ""), in the order by, each with its cursor key (key); then outer (the
 * family's select of the page's columns over the CTE `page`, alias a,
 * ending in page's sort_key and search_total, which is NULL here; rows
 * carry search_score, the relevance, NULL here too).
 */
#define FB_SEARCH_FILTER_PAGE(a, base, has, outer, key, by, after) \
    FB_SEARCH_ARGS ", page AS (SELECT " a ".*, " key " AS sort_key, " \
    "  NULL::numeric AS search_score, NULL::bigint AS search_total " \
    "  FROM " base " " FB_SEARCH_FILTER(has) after \
    "  ORDER BY " by " LIMIT %d) " outer " ORDER BY " by

/* How many rows of base the filter admits, up to the limit (the cap). */
#define FB_SEARCH_FILTER_COUNT(a, base, has) \
    FB_SEARCH_ARGS "SELECT count(*) FROM (SELECT 1 FROM " base " " \
    FB_SEARCH_FILTER(has) " LIMIT %d) x"

/*
 * A page of search mode: admitted (the family's CTE of that name: the
 * matches of k.q the filter admits, with their columns and search_score,
 * rounded to 6 decimals so that a cursor's key equals it), all
 * counted before the cursor's position applies (every page says the
 * total), then the page in its order, and outer.
 */
#define FB_SEARCH_TEXT_PAGE(a, admitted, outer, key, by, after) \
    FB_SEARCH_TEXT_PAGE_OF(FB_SEARCH_ARGS, a, admitted, outer, key, by, \
                           after)
/* The same after args, the leading WITH of an argument set that names k
 * (FB_SEARCH_TEXT_ARGS: a fast text set's, below). */
#define FB_SEARCH_TEXT_PAGE_OF(args, a, admitted, outer, key, by, after) \
    args ", " admitted ", " \
    "counted AS (SELECT x.*, count(*) OVER () AS search_total " \
    "  FROM admitted x), " \
    "page AS (SELECT " a ".*, " key " AS sort_key FROM counted " a ", k " \
    "  WHERE true " after " ORDER BY " by " LIMIT %d) " outer \
    " ORDER BY " by

/* How many matches, up to the limit (when a page after a cursor is
 * empty, so carries no total). */
#define FB_SEARCH_TEXT_COUNT(admitted) \
    FB_SEARCH_TEXT_COUNT_OF(FB_SEARCH_ARGS, admitted)
#define FB_SEARCH_TEXT_COUNT_OF(args, admitted) \
    args ", " admitted " SELECT count(*) FROM (SELECT 1 " \
    "FROM admitted LIMIT %d) x"

/*
 * A fast text set: search mode without a query, planned once.  The
 * statements of search mode above take the query too, which PostgreSQL
 * plans for each execution's values (a few milliseconds for a help
 * center's search, a tenth of its time).  A family may declare, as data,
 * a set of search mode's statements for a body with no query (a
 * fb_search_set_t without form and links): they take the text as a plain
 * argument (the set search_text, below) and no clauses to unpack, so
 * PostgreSQL keeps one plan for them.  The engine takes it when the body
 * has search and no query and the set has the sort; both give the same
 * rows, keys, cursors and totalCount (t/api/test_help_center_search.py
 * compares them).
 *
 * The arguments of its statements, in this order: the organization, the
 * search text, what the key may see (as k.scope), the cursor's key and
 * id; then the limit.
 */
FB_PARAMS(search_text, (text, scope, after_key, after_id, limit));

#define FB_SEARCH_TEXT_ARGS \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS text, %s::jsonb AS scope, %s::text AS after_key, " \
    "  %s::text AS after_id) "

/* Relevance: the score, best first, then the id. */
#define FB_SEARCH_BY_SCORE(a, id) a ".search_score DESC, " id " DESC"
#define FB_SEARCH_AFTER_SCORE(a, id) \
    "AND (" a ".search_score, " id ") < (k.after_key::numeric, k.after_id) "

/*
 * The two statements (first page, pages after a cursor) of a sort in
 * both directions, for a page macro PAGE(key, by, after) of the family:
 * name_desc, name_desc_after, name_asc, name_asc_after.  col is the
 * sort's value, id the tie-breaker, key its cursor key, key_in reads
 * k.after_key back into col's type.
 */
#define FB_SEARCH_SORT(name, PAGE, col, id, key, key_in) \
    FB_SEARCH_SORT_WITH(search, name, PAGE, col, id, key, key_in)
/* The same, for statements of the argument set set (search_ids: a fast
 * set's, below). */
#define FB_SEARCH_SORT_WITH(set, name, PAGE, col, id, key, key_in) \
    FB_SQL_WITH(name##_desc, set, PAGE(key, col " DESC, " id " DESC", "")); \
    FB_SQL_WITH(name##_desc_after, set, \
           PAGE(key, col " DESC, " id " DESC", \
                "AND (" col ", " id ") < (" key_in ", k.after_id) ")); \
    FB_SQL_WITH(name##_asc, set, PAGE(key, col " ASC, " id " ASC", "")); \
    FB_SQL_WITH(name##_asc_after, set, \
           PAGE(key, col " ASC, " id " ASC", \
                "AND (" col ", " id ") > (" key_in ", k.after_id) "))
#define FB_SEARCH_SORT_STATEMENTS(name) \
    &fb_sql_##name##_desc, &fb_sql_##name##_desc_after, \
    &fb_sql_##name##_asc, &fb_sql_##name##_asc_after

/* Keys of a time sort: microseconds (fb_ts_key). */
#define FB_SEARCH_TIME_KEY(col) "fb_ts_key(" col ")"
#define FB_SEARCH_TIME_KEY_IN "fb_ts_from_key(k.after_key)"

/* An order as the client names it ("createdAt:desc"; "" is relevance). */
typedef struct {
    const char *sort;           /* NULL ends a table */
    const fb_statement_t *first;
    const fb_statement_t *after;
    int (*key_valid)(const char *key);
} fb_search_order_t;

/* The orders of a sort's statements made by FB_SEARCH_SORT. */
#define FB_SEARCH_ORDERS(axis, name, valid) \
    {.sort = axis ":desc", .first = &fb_sql_##name##_desc, \
     .after = &fb_sql_##name##_desc_after, .key_valid = (valid)}, \
    {.sort = axis ":asc", .first = &fb_sql_##name##_asc, \
     .after = &fb_sql_##name##_asc_after, .key_valid = (valid)}

/*
 * A set of statements: one per order, and the count.  A family has one
 * for filter mode, one per drive, and one for search mode.  A drive is
 * filter mode read from the links of an indexed field (a contact's
 * votes, a tag's conversations) instead of walking the organization in
 * order: taken when an AND (or one clause) selects by that field and
 * its ids have fewer than FB_SEARCH_DRIVE_MAX links (links counts them,
 * up to its limit); the query still applies whole, so both give the
 * same rows.
 */
typedef struct {
    const char *form;               /* a drive's field; NULL: none */
    const fb_statement_t *links;
    const fb_search_order_t *orders;
    const fb_statement_t *count;
} fb_search_set_t;

/*
 * A fast set: filter mode of the commonest queries, planned once.  The
 * statements above take the checked query as jsonb and unpack it, so
 * PostgreSQL plans them for each execution's values (a millisecond or
 * more for a page, and again for its count).  A family may declare, as
 * data, sets for a query that is one id (= or IN of one) for each of
 * exactly a few indexed fields, all of them FB_SF_COVERED (an AND or one
 * clause: the index clauses say the whole query): their statements take
 * the ids as plain arguments (the set search_ids, below), so PostgreSQL
 * keeps one plan for them (a generic plan, as for a list).  The engine
 * takes the first set whose fields are the query's and which has the
 * sort; otherwise the statements above run.  Both give the same rows,
 * keys, cursors and totalCount (t/api/test_search.py compares them).
 */
#define FB_SEARCH_FAST_FIELDS 2
typedef struct {
    /* its fields' forms, in the order of their ids (id1, id2), NULL after
     * the last; orders NULL ends a table */
    const char *forms[FB_SEARCH_FAST_FIELDS + 1];
    const fb_search_order_t *orders;
    const fb_statement_t *count;
} fb_search_fast_t;

/*
 * The arguments of a fast set's statements, in this order: the
 * organization, the ids of its fields (id1, id2; NULL past its last),
 * what the key may see (as k.scope above), the cursor's key and id; then
 * the limit.  Every statement of the set names all of them, whatever it
 * reads (fb_params.h).
 */
FB_PARAMS(search_ids, (id1, id2, scope, after_key, after_id, limit));

#define FB_SEARCH_IDS_ARGS \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS id1, %s::text AS id2, %s::jsonb AS scope, " \
    "  %s::text AS after_key, %s::text AS after_id) "

/*
 * A page of a fast set: as FB_SEARCH_FILTER_PAGE, base selecting by k.id1
 * and k.id2 itself, with no filter to apply.  Its rows are limited by a
 * constant first, the most a page reads: PostgreSQL costs a LIMIT
 * parameter alone as a tenth of the rows, and would then plan each
 * execution anew (as posts.c's lists say).
 */
#define FB_SEARCH_IDS_PAGE(a, base, outer, key, by, after) \
    FB_SEARCH_IDS_ARGS ", page AS (SELECT * FROM (SELECT " a ".*, " key \
    "  AS sort_key, NULL::numeric AS search_score, " \
    "  NULL::bigint AS search_total FROM " base " " after \
    "  ORDER BY " by " LIMIT " FB_QUERY_ROWS_CAP_SQL ") " a \
    "  ORDER BY " by " LIMIT %d) " outer " ORDER BY " by

/* How many rows (a select of one column, 1) there are, up to the
 * limit, the family's cap (cap_sql, the same as a constant, for the same
 * reason). */
#define FB_SEARCH_IDS_COUNT(rows, cap_sql) \
    FB_SEARCH_IDS_ARGS "SELECT count(*) FROM (SELECT 1 FROM (" rows \
    " LIMIT " cap_sql ") y LIMIT %d) x"

/* A sort's deprecated name and its own. */
typedef struct {
    const char *alias;              /* NULL ends a table */
    const char *name;
} fb_search_alias_t;

typedef struct {
    const char *name;               /* cursors' prefix: "posts" */
    const fb_search_field_t *fields;    /* ends with a NULL name */
    const fb_search_alias_t *sort_aliases;
    const char *default_sort;       /* filter mode's */
    const fb_search_set_t *filter;  /* no drive, then drives; ends with
                                     * NULL orders */
    const fb_search_set_t *text;    /* NULL: no search mode */
    const fb_search_fast_t *fast;   /* filter mode's fast sets, ending
                                     * with NULL orders; NULL: none */
    const fb_search_set_t *text_fast;   /* search mode without a query
                                         * (FB_SEARCH_TEXT_ARGS); NULL:
                                         * none */
    fb_cursor_ids_e ids;            /* the form of the rows' ids */
    long cap;                       /* totalCount at most, filter mode */
    long text_cap;                  /* ..., search mode */
    /* What the key may see, a JSON array of names for k.scope (NULL:
     * nothing to say). */
    const char *(*scope)(fb_req_t *fr);
    /* Checks what the body holds beyond the engine's members (NULL:
     * nothing). */
    fb_error_t *(*check)(fb_req_t *fr);
    /* The rows: rows (key_col, id_col, the writer), or page, a writer
     * of its own with key_col and id_col; total_col is the total of
     * search mode. */
    const fb_list_rows_t *rows;
    fb_error_t *(*page)(fb_req_t *fr, const fb_rows_t *rows, int n,
                        const char **json);
    int key_col;                    /* with page */
    int id_col;
    int total_col;
} fb_search_family_t;

/* The members of a search body, the engine's (cursor, limit, query,
 * sort); a family adds search (FB_SEARCH_TEXT_RULE) and its own. */
#define FB_SEARCH_BODY_RULES(sorts) \
    {.name = "cursor", .type = FB_FIELD_STRING, .min = 1, \
     .max = FB_CURSOR_MAX}, \
    {.name = "limit", .type = FB_FIELD_INT, .min = 1, \
     .max = FB_QUERY_LIMIT_MAX}, \
    {.name = "query", .type = FB_FIELD_OBJECT}, \
    {.name = "sort", .type = FB_FIELD_ENUM, .choices = (sorts)}
#define FB_SEARCH_TEXT_RULE(most) \
    {.name = "search", .type = FB_FIELD_STRING, .flags = FB_FIELD_TRIM, \
     .min = 1, .max = (most)}

/* The checked query (NULL: none) of a family. */
typedef struct {
    const char *filter;     /* {"op", "c": [{f, o, v[, k]}]} as text */
    const char *index;      /* {form: [ids]} of indexed = / IN clauses */
    int broad;              /* only excludes */
    int covered;            /* index says all filter does */
    json_object *ix;        /* index, as JSON */
} fb_search_plan_t;

/*
 * Checks query against fields into *plan: one clause {field, operator,
 * value} or one group {operator: AND|OR, value: [clauses]}; a bad query
 * is 400 naming the member at fault ("query.value[2].operator").
 * broad: every clause (of an AND; any of an OR) a negation of a field
 * that is not bounded.
 */
fb_error_t *fb_search_compile(apr_pool_t *p,
                              const fb_search_field_t *fields,
                              json_object *query, fb_search_plan_t *plan);

/* A relevance key: a non-negative numeric with at most 6 decimals. */
int fb_search_key_score(const char *key);

/* POST /<family>/search of the family in op->data. */
fb_error_t *fb_search_respond(fb_req_t *fr);

#endif
