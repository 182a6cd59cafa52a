/*
 * test_disposition.c: the Content-Disposition of attachments
 * (fb_disposition): a filename every browser reads, and the exact name
 * in filename* (RFC 5987) when it is not plain ASCII.
 */
#include "fb_disposition.h"
#include "unit.h"

static void test_attachment(void)
{
    static const struct {
        const char *name;
        const char *header;
    } cases[] = {
        {"report.pdf", "attachment; filename=\"report.pdf\""},
        {NULL, "attachment; filename=\"file\""},
        {"", "attachment; filename=\"file\""},
        {"my file (1).txt", "attachment; filename=\"my file (1).txt\""},
        /* Non-ASCII: '_' per character, the UTF-8 in filename*. */
        {"r\xc3\xa9sum\xc3\xa9.pdf",
         "attachment; filename=\"r_sum_.pdf\"; "
         "filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"},
        {"\xe6\x97\xa5\xe6\x9c\xac.txt",
         "attachment; filename=\"__.txt\"; "
         "filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt"},
        /* What would end or bend the header, or be decoded. */
        {"a\"b\\c%41.txt",
         "attachment; filename=\"a_b_c_41.txt\"; "
         "filename*=UTF-8''a%22b%5Cc%2541.txt"},
        {"a\r\nSet-Cookie: x.txt",
         "attachment; filename=\"a__Set-Cookie: x.txt\"; "
         "filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x.txt"},
        /* Not UTF-8: the ASCII form only. */
        {"\xff\xfe.png", "attachment; filename=\"__.png\""},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(fb_disposition_attachment(ut_pool, cases[i].name),
                           cases[i].header)) {
            UT_ASSERT_INT(i, -1);
        }
    }
}

void test_disposition_register(void)
{
    static const ut_test_t tests[] = {
        {"attachment", test_attachment},
        {NULL, NULL}
    };

    ut_add_suite("fb_disposition", NULL, NULL, NULL, NULL, tests);
}
