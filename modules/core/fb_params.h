/*
 * fb_params: the named arguments of a statement.
 *
 * A statement that takes more than one argument besides the organization
 * names them where it is declared and is called with them by name:
 *
 *     FB_SQL_NAMED(tag_rename, (id, name),
 *         "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
 *         "  %s::text AS name) "
 *         "UPDATE conversation_tags t SET name = k.name FROM k "
 *         "WHERE t.org_id = k.org_id AND t.id = k.id");
 *
 *     fb_req_exec(fr, FB_CALL(tag_rename, .id = id, .name = name), NULL);
 *
 * The names become a struct of one `const char *` per name, in order
 * (fb_params_tag_rename_t), so a call fills it with designated
 * initializers: a misspelt name does not compile, and a name left out is
 * NULL (SQL NULL), as an absent optional value is.  The SQL binds every
 * placeholder once, as `%s::type AS name` (the organization's first,
 * under any name; a LIMIT's count is named limit), with the same names
 * in the same order: the start-up
 * check (fb_params_check, from fb_db_registry_add) stops `apache2 -t`
 * otherwise, and the statement's body reads the values by name, never a
 * second placeholder for one value.
 *
 * Statements that take the same arguments (the first page and the pages
 * after of a list) share one set, declared once with FB_PARAMS and named
 * by each statement with FB_SQL_WITH; they are called with FB_NAMED(set,
 * ...).  A call's values carry the names of their set, and fb_db refuses
 * values named for another statement.
 */
#ifndef FB_PARAMS_H
#define FB_PARAMS_H

#include <apr_pools.h>

/* FB_EACH(m, a, b, c) is m(a) m(b) m(c), for 1 to 32 arguments. */
#define FB_EACH_1(m, a) m(a)
#define FB_EACH_2(m, a, ...) m(a) FB_EACH_1(m, __VA_ARGS__)
#define FB_EACH_3(m, a, ...) m(a) FB_EACH_2(m, __VA_ARGS__)
#define FB_EACH_4(m, a, ...) m(a) FB_EACH_3(m, __VA_ARGS__)
#define FB_EACH_5(m, a, ...) m(a) FB_EACH_4(m, __VA_ARGS__)
#define FB_EACH_6(m, a, ...) m(a) FB_EACH_5(m, __VA_ARGS__)
#define FB_EACH_7(m, a, ...) m(a) FB_EACH_6(m, __VA_ARGS__)
#define FB_EACH_8(m, a, ...) m(a) FB_EACH_7(m, __VA_ARGS__)
#define FB_EACH_9(m, a, ...) m(a) FB_EACH_8(m, __VA_ARGS__)
#define FB_EACH_10(m, a, ...) m(a) FB_EACH_9(m, __VA_ARGS__)
#define FB_EACH_11(m, a, ...) m(a) FB_EACH_10(m, __VA_ARGS__)
#define FB_EACH_12(m, a, ...) m(a) FB_EACH_11(m, __VA_ARGS__)
#define FB_EACH_13(m, a, ...) m(a) FB_EACH_12(m, __VA_ARGS__)
#define FB_EACH_14(m, a, ...) m(a) FB_EACH_13(m, __VA_ARGS__)
#define FB_EACH_15(m, a, ...) m(a) FB_EACH_14(m, __VA_ARGS__)
#define FB_EACH_16(m, a, ...) m(a) FB_EACH_15(m, __VA_ARGS__)
#define FB_EACH_17(m, a, ...) m(a) FB_EACH_16(m, __VA_ARGS__)
#define FB_EACH_18(m, a, ...) m(a) FB_EACH_17(m, __VA_ARGS__)
#define FB_EACH_19(m, a, ...) m(a) FB_EACH_18(m, __VA_ARGS__)
#define FB_EACH_20(m, a, ...) m(a) FB_EACH_19(m, __VA_ARGS__)
#define FB_EACH_21(m, a, ...) m(a) FB_EACH_20(m, __VA_ARGS__)
#define FB_EACH_22(m, a, ...) m(a) FB_EACH_21(m, __VA_ARGS__)
#define FB_EACH_23(m, a, ...) m(a) FB_EACH_22(m, __VA_ARGS__)
#define FB_EACH_24(m, a, ...) m(a) FB_EACH_23(m, __VA_ARGS__)
#define FB_EACH_25(m, a, ...) m(a) FB_EACH_24(m, __VA_ARGS__)
#define FB_EACH_26(m, a, ...) m(a) FB_EACH_25(m, __VA_ARGS__)
#define FB_EACH_27(m, a, ...) m(a) FB_EACH_26(m, __VA_ARGS__)
#define FB_EACH_28(m, a, ...) m(a) FB_EACH_27(m, __VA_ARGS__)
#define FB_EACH_29(m, a, ...) m(a) FB_EACH_28(m, __VA_ARGS__)
#define FB_EACH_30(m, a, ...) m(a) FB_EACH_29(m, __VA_ARGS__)
#define FB_EACH_31(m, a, ...) m(a) FB_EACH_30(m, __VA_ARGS__)
#define FB_EACH_32(m, a, ...) m(a) FB_EACH_31(m, __VA_ARGS__)
#define FB_EACH_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, \
                     _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, \
                     _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, \
                     each, ...) each
#define FB_EACH(m, ...) \
    FB_EACH_PICK(__VA_ARGS__, FB_EACH_32, FB_EACH_31, FB_EACH_30, \
                 FB_EACH_29, FB_EACH_28, FB_EACH_27, FB_EACH_26, \
                 FB_EACH_25, FB_EACH_24, FB_EACH_23, FB_EACH_22, \
                 FB_EACH_21, FB_EACH_20, FB_EACH_19, FB_EACH_18, \
                 FB_EACH_17, FB_EACH_16, FB_EACH_15, FB_EACH_14, \
                 FB_EACH_13, FB_EACH_12, FB_EACH_11, FB_EACH_10, \
                 FB_EACH_9, FB_EACH_8, FB_EACH_7, FB_EACH_6, FB_EACH_5, \
                 FB_EACH_4, FB_EACH_3, FB_EACH_2, FB_EACH_1)(m, __VA_ARGS__)

#define FB_PARAMS_UNPAREN(...) __VA_ARGS__
#define FB_PARAMS_FIELD(name) const char *name;

/*
 * Declares the argument set `set` of the names in the parenthesized
 * list: the struct fb_params_<set>_t and the names as written
 * (fb_params_<set>_names, the text the start-up check reads; names is
 * expanded first, so a macro may make the list).
 */
#define FB_PARAMS(set, names) FB_PARAMS_(set, names)
#define FB_PARAMS_(set, names) \
    typedef struct { \
        FB_EACH(FB_PARAMS_FIELD, FB_PARAMS_UNPAREN names) \
    } fb_params_##set##_t; \
    static const char fb_params_##set##_names[] = #names

/* The number of arguments of set. */
#define FB_PARAMS_COUNT(set) \
    ((int)(sizeof(fb_params_##set##_t) / sizeof(const char *)))

/*
 * The check of a named statement, at start-up: every placeholder of sql
 * is bound once as "%s::type AS name" (or "%s AS name"), or is the count
 * of a LIMIT ("LIMIT %d", named limit: PostgreSQL plans a LIMIT by its
 * value only when the value is the placeholder itself), the
 * organization's first when scoped, and the others' names are those of
 * names ("(a, b)", as FB_PARAMS writes them), in order.  APR_EINVAL, with
 * *why (in p), when they are not.
 */
apr_status_t fb_params_check(apr_pool_t *p, const char *sql, int scoped,
                             const char *names, const char **why);

/* Non-zero when the names a call's values were made for are names. */
int fb_params_same(const char *given, const char *names);

#endif
