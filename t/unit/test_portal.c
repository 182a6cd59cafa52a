/*
 * test_portal.c: an organization's default portal URL (portal.h).
 */
#include "portal.h"
#include "unit.h"

static const char *portal(const char *tpl, const char *org)
{
    fb_settings_t settings = {tpl, "https://api.example.com", "secret"};

    return fb_portal_default(ut_pool, &settings, org);
}

static void test_template(void)
{
    UT_ASSERT_STR(portal("https://%{org}.feedback.example.com", "o1"),
                  "https://o1.feedback.example.com");
    UT_ASSERT_STR(portal("https://feedback.example.com/%{org}", "o1"),
                  "https://feedback.example.com/o1");
    UT_ASSERT_STR(portal("%{org}", "o1"), "o1");
}

/* Without %{org} the template is every organization's URL; only its
 * first %{org} is replaced. */
static void test_other_templates(void)
{
    UT_ASSERT_STR(portal("https://feedback.example.com", "o1"),
                  "https://feedback.example.com");
    UT_ASSERT_STR(portal("https://%{org}.example.com/%{org}", "o1"),
                  "https://o1.example.com/%{org}");
    UT_ASSERT_STR(portal("https://%{or}.example.com", "o1"),
                  "https://%{or}.example.com");
    UT_ASSERT_STR(portal(NULL, "o1"), NULL);
}

void test_portal_register(void)
{
    static const ut_test_t tests[] = {
        {"%{org} replaced", test_template},
        {"no %{org}, twice, none", test_other_templates},
        {NULL, NULL}
    };

    ut_add_suite("portal", NULL, NULL, NULL, NULL, tests);
}
