/*
 * test_perm.c: permission flag names and parsing (fb_perm).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_perm.h"
#include "unit.h"

static void test_count_and_bits(void)
{
    UT_ASSERT_INT(FB_PERM__COUNT, 45);
    /* Every flag has a bit of its own in the 64-bit set. */
    CU_ASSERT(FB_PERM__COUNT <= 64);
    CU_ASSERT(FB_PERM_BIT(FB_PERM_MANAGE_CONVERSATION_TAGS)
              == ((fb_perms_t)1 << 44));
    CU_ASSERT(FB_PERM_BIT(FB_PERM_VIEW_COMMENTS_PRIVATE) == 1);
}

static void test_names_round_trip(void)
{
    int i, j;

    for (i = 0; i < FB_PERM__COUNT; i++) {
        const char *name = fb_perm_name(i);

        CU_ASSERT_PTR_NOT_NULL_FATAL(name);
        CU_ASSERT(*name != '\0'
                  && strspn(name, "abcdefghijklmnopqrstuvwxyz_")
                     == strlen(name));
        UT_ASSERT_INT(fb_perm_lookup(name), i);
        for (j = 0; j < i; j++) {
            CU_ASSERT(strcmp(name, fb_perm_name(j)) != 0);
        }
    }
    /* A few by name, at both ends and in the middle of the enum. */
    UT_ASSERT_STR(fb_perm_name(FB_PERM_VIEW_COMMENTS_PRIVATE),
                  "view_comments_private");
    UT_ASSERT_STR(fb_perm_name(FB_PERM_MANAGE_API), "manage_api");
    UT_ASSERT_STR(fb_perm_name(FB_PERM_MANAGE_CONVERSATION_TAGS),
                  "manage_conversation_tags");
}

static void test_out_of_range(void)
{
    static const char *const unknown[] = {
        "", "manage", "MANAGE_API", "manage_api ", "manage_apis",
    };
    apr_size_t i;

    CU_ASSERT_PTR_NULL(fb_perm_name(-1));
    CU_ASSERT_PTR_NULL(fb_perm_name(FB_PERM__COUNT));
    UT_ASSERT_INT(fb_perm_lookup(NULL), -1);
    for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
        UT_ASSERT_INT(fb_perm_lookup(unknown[i]), -1);
    }
}

static void test_from_json(void)
{
    static const struct {
        const char *json;
        fb_perms_t perms;
    } cases[] = {
        {"{}", 0},
        {"{\"manage_api\":true}", FB_PERM_BIT(FB_PERM_MANAGE_API)},
        {"{\"manage_api\":true,\"manage_sso\":false,\"unknown\":true,"
         "\"view_users\":1,\"post_merge\":\"true\",\"post_import\":null,"
         "\"post_export\":{},\"moderate_posts\":[true]}",
         FB_PERM_BIT(FB_PERM_MANAGE_API)},
        {"{\"view_comments_private\":true,"
         "\"manage_conversation_tags\":true,\"manage_boards\":true}",
         FB_PERM_BIT(FB_PERM_VIEW_COMMENTS_PRIVATE)
         | FB_PERM_BIT(FB_PERM_MANAGE_CONVERSATION_TAGS)
         | FB_PERM_BIT(FB_PERM_MANAGE_BOARDS)},
        {"{\"MANAGE_API\":true}", 0},
        {"[\"manage_api\"]", 0},
        {"true", 0},
        {"\"manage_api\"", 0},
        {"null", 0},
        {"", 0},
        {"{\"manage_api\":tru", 0},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_INT(fb_perm_from_json(cases[i].json),
                           cases[i].perms)) {
            UT_ASSERT_STR(cases[i].json, "(parsed right)");
        }
    }
    UT_ASSERT_INT(fb_perm_from_json(NULL), 0);
}

/* Every flag set to true gives every bit and nothing else. */
static void test_from_json_all(void)
{
    const char *json = "{";
    fb_perms_t all = 0;
    int i;

    for (i = 0; i < FB_PERM__COUNT; i++) {
        json = apr_pstrcat(ut_pool, json, i ? "," : "", "\"",
                           fb_perm_name(i), "\":true", NULL);
        all |= FB_PERM_BIT(i);
    }
    json = apr_pstrcat(ut_pool, json, "}", NULL);
    CU_ASSERT(fb_perm_from_json(json) == all);
    CU_ASSERT(all == (((fb_perms_t)1 << FB_PERM__COUNT) - 1));
}

void test_perm_register(void)
{
    static const ut_test_t tests[] = {
        {"45 flags, one bit each", test_count_and_bits},
        {"names round-trip through lookup", test_names_round_trip},
        {"out of range and unknown names", test_out_of_range},
        {"from_json: only true booleans of known names", test_from_json},
        {"from_json: every flag", test_from_json_all},
        {NULL, NULL}
    };

    ut_add_suite("fb_perm", NULL, NULL, NULL, NULL, tests);
}
