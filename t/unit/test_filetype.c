/*
 * test_filetype.c: file types by content and name (fb_filetype), with
 * the machine's libmagic database.
 */
#include <string.h>

#include "fb_filetype.h"
#include "unit.h"

#define B(s) ((const unsigned char *)(s)), (sizeof(s) - 1)

static void test_types(void)
{
    UT_ASSERT_STR(fb_filetype_of(ut_pool, B("\x89PNG\r\n\x1a\n"
                                           "\0\0\0\rIHDR\0\0\0\1\0\0\0\1"
                                           "\x08\x06\0\0\0")),
                  "image/png");
    UT_ASSERT_STR(fb_filetype_of(ut_pool, B("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")),
                  "application/pdf");
    UT_ASSERT_STR(fb_filetype_of(ut_pool, B("hello, plain text\n")),
                  "text/plain");
    /* Empty input still has an answer. */
    CU_ASSERT_PTR_NOT_NULL(fb_filetype_of(ut_pool, B("")));
}

static void test_executables_by_content(void)
{
    static const char pe[] = "MZ\x90\0\3\0\0\0\4\0\0\0\xff\xff\0\0";
    static const struct {
        const char *bytes;
        apr_size_t n;
        int executable;
    } cases[] = {
        {pe, sizeof(pe) - 1, 1},
        {"\x7f" "ELF\2\1\1\0", 8, 1},
        {"#!/bin/sh\necho hi\n", 18, 1},
        {"\xcf\xfa\xed\xfe\7\0\0\1", 8, 1},
        {"\xca\xfe\xba\xbe\0\0\0\2", 8, 1},
        {"\x89PNG\r\n\x1a\n", 8, 0},
        {"%PDF-1.4\n", 9, 0},
        {"M", 1, 0},
        {"", 0, 0},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const unsigned char *b = (const unsigned char *)cases[i].bytes;
        const char *type = fb_filetype_of(ut_pool, b, cases[i].n);

        if (!UT_ASSERT_INT(fb_filetype_executable(b, cases[i].n, type),
                           cases[i].executable)) {
            UT_ASSERT_INT(i, -1);
        }
    }
    /* By type alone. */
    CU_ASSERT(fb_filetype_executable(B("echo"), "text/x-shellscript"));
    CU_ASSERT(fb_filetype_executable(B("x"), "application/x-dosexec"));
    CU_ASSERT(!fb_filetype_executable(B("x"), "image/png"));
    CU_ASSERT(!fb_filetype_executable(B("x"), NULL));
}

static void test_blocked_names(void)
{
    static const char *const blocked[] = {
        "setup.exe", "SETUP.EXE", "run.bat", "a.b.js", "x.sh", "x.Ps1",
        "x.msi", "x.exe.", "x.exe . ", "x.jar", "x.dll", ".sh",
    };
    static const char *const fine[] = {
        "photo.png", "exe", "report.pdf", "x.exe.png", "archive.tar.gz",
        "noext", "", "x.", "x.shx", "sh.txt",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(blocked) / sizeof(blocked[0]); i++) {
        if (!fb_filetype_blocked_name(blocked[i])) {
            UT_ASSERT_STR(blocked[i], "(blocked)");
        }
    }
    for (i = 0; i < sizeof(fine) / sizeof(fine[0]); i++) {
        if (fb_filetype_blocked_name(fine[i])) {
            UT_ASSERT_STR(fine[i], "(allowed)");
        }
    }
    CU_ASSERT(!fb_filetype_blocked_name(NULL));
}

void test_filetype_register(void)
{
    static const ut_test_t tests[] = {
        {"types by content", test_types},
        {"executables by content", test_executables_by_content},
        {"blocked names", test_blocked_names},
        {NULL, NULL}
    };

    ut_add_suite("fb_filetype", NULL, NULL, NULL, NULL, tests);
}
