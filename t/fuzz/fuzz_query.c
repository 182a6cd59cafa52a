/*
 * fuzz_query: query strings, as r->args gives them.
 *
 * The input is parsed (fb_query_parse), checked against a rule table with
 * every rule type (fb_query_check), its error rendered, and every value
 * read back through the getters handlers use.
 */
#include "fz.h"

#include "fb_error.h"
#include "fb_query.h"

static const char *const fz_sorts[] = {"upvotes", "recent", "trending",
                                       NULL};

static const fb_query_rule_t fz_rules[] = {
    FB_QUERY_RULES_PAGE,
    {"q", FB_Q_STRING, 0, 200, NULL},
    {"sortBy", FB_Q_ENUM, 0, 0, fz_sorts},
    {"inReview", FB_Q_BOOL, 0, 0, NULL},
    {"page", FB_Q_INT, -3, 1000000, NULL},
    {"boardId", FB_Q_LIST, 1, 24, NULL},
    {"tags", FB_Q_LIST, 0, 10, NULL},
    {NULL, 0, 0, 0, NULL}
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    fb_query_t q;
    fb_error_t *err = fb_query_parse(p, fz_string(p, data, size), &q);
    const fb_query_rule_t *rule;

    if (err == NULL) {
        err = fb_query_check(p, &q, fz_rules);
        for (rule = fz_rules; rule->name != NULL; rule++) {
            (void)fb_query_get(&q, rule->name);
            (void)fb_query_int(&q, rule->name, 7);
            (void)fb_query_bool(&q, rule->name, 1);
            (void)fb_query_list(p, &q, rule->name);
        }
    }
    if (err != NULL && fb_error_render(p, err) == NULL) {
        fz_fail("fb_error_render", "no envelope");
    }
    fz_pool_end(p);
    return 0;
}
