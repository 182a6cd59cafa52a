/*
 * test_archive.c: looking into archives (fb_archive).  The archives are
 * real ones, written here with libarchive's writer: zips, a jar, tars
 * (gzip'd), 7-Zip, a compressed stream, nested ones, an image with a zip
 * behind it; each is read back in small blocks, as the stored chunks
 * are, and checked under the server's limits or smaller ones.
 */
#include <string.h>

#include <archive.h>
#include <archive_entry.h>

#include "apr_strings.h"

#include "fb_archive.h"
#include "fb_filetype.h"
#include "unit.h"

static const char pe[] = "MZ\x90\0\3\0\0\0\4\0\0\0\xff\xff\0\0\xb8\0\0\0";
static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\1\0\0\0\1"
                          "\x08\x06\0\0\0";

/* One entry to write: a file (data, len), a folder (a path ending in
 * '/'), or a link (link set). */
typedef struct {
    const char *path;
    const char *data;
    apr_size_t len;
    const char *link;
} ut_entry_t;

#define UT_FILE(path, s) {(path), (s), sizeof(s) - 1, NULL}
#define UT_END {NULL, NULL, 0, NULL}

typedef struct {
    const char *data;
    apr_size_t len;
} ut_bytes_t;

/* An archive of entries in format (ARCHIVE_FORMAT_ZIP, ...) under
 * filter (ARCHIVE_FILTER_NONE, ...); options as archive_write_set_options
 * takes them, or NULL. */
static ut_bytes_t ut_archive(int format, int filter, const char *options,
                             const ut_entry_t *entries)
{
    struct archive *a = archive_write_new();
    apr_size_t cap = 4 * 1024 * 1024, used = 0;
    char *buf = apr_palloc(ut_pool, cap);
    ut_bytes_t out = {NULL, 0};
    int i;

    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_FATAL(archive_write_set_format(a, format) == ARCHIVE_OK);
    CU_ASSERT_FATAL(archive_write_add_filter(a, filter) == ARCHIVE_OK);
    if (options != NULL) {
        CU_ASSERT_FATAL(archive_write_set_options(a, options) == ARCHIVE_OK);
        CU_ASSERT_FATAL(archive_write_set_passphrase(a, "secret")
                        == ARCHIVE_OK);
    }
    CU_ASSERT_FATAL(archive_write_open_memory(a, buf, cap, &used)
                    == ARCHIVE_OK);
    for (i = 0; entries[i].path != NULL; i++) {
        struct archive_entry *e = archive_entry_new();
        apr_size_t plen = strlen(entries[i].path);

        archive_entry_set_pathname(e, entries[i].path);
        archive_entry_set_mtime(e, 1700000000, 0);
        if (entries[i].link != NULL) {
            archive_entry_set_filetype(e, AE_IFLNK);
            archive_entry_set_perm(e, 0777);
            archive_entry_set_symlink(e, entries[i].link);
        }
        else if (entries[i].path[plen - 1] == '/') {
            archive_entry_set_filetype(e, AE_IFDIR);
            archive_entry_set_perm(e, 0755);
        }
        else {
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_perm(e, 0644);
            archive_entry_set_size(e, (la_int64_t)entries[i].len);
        }
        CU_ASSERT_FATAL(archive_write_header(a, e) == ARCHIVE_OK);
        if (entries[i].len > 0) {
            CU_ASSERT_FATAL(archive_write_data(a, entries[i].data,
                                               entries[i].len)
                            == (la_ssize_t)entries[i].len);
        }
        archive_entry_free(e);
    }
    CU_ASSERT_FATAL(archive_write_close(a) == ARCHIVE_OK);
    archive_write_free(a);
    out.data = buf;
    out.len = used;
    return out;
}

static ut_bytes_t ut_zip(const ut_entry_t *entries)
{
    return ut_archive(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, NULL,
                      entries);
}

/* The file read back in blocks of at most 1000 bytes, as the stored
 * chunks are read (by offset, any order). */
static apr_status_t ut_read(void *baton, apr_off_t at, const char **data,
                            apr_size_t *len)
{
    const ut_bytes_t *b = baton;

    *data = b->data + at;
    *len = b->len - (apr_size_t)at > 1000 ? 1000
                                          : b->len - (apr_size_t)at;
    return APR_SUCCESS;
}

static apr_status_t ut_read_fails(void *baton, apr_off_t at,
                                  const char **data, apr_size_t *len)
{
    (void)baton;
    (void)at;
    (void)data;
    (void)len;
    return APR_EGENERAL;
}

/* The check's answer for b under limits (NULL: the server's). */
static const char *ut_check_with(ut_bytes_t b,
                                 const fb_archive_limits_t *limits)
{
    magic_t m = NULL;
    const char *why = NULL;

    UT_ASSERT_INT(fb_archive_check(ut_pool, &m, limits ? limits
                                                       : &fb_archive_limits,
                                   ut_read, &b, (apr_off_t)b.len, &why),
                  APR_SUCCESS);
    return why;
}

static const char *ut_check(ut_bytes_t b)
{
    return ut_check_with(b, NULL);
}

/* Asserts that why is a refusal holding part. */
#define UT_REFUSED(why, part) do { \
        const char *w_ = (why); \
        if (w_ == NULL || strstr(w_, (part)) == NULL) { \
            UT_ASSERT_STR(w_, part); \
        } \
    } while (0)

static void test_not_archives(void)
{
    ut_bytes_t text = {"just some text\n", 15};
    ut_bytes_t pdf = {"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n", 35};
    ut_bytes_t image = {png, sizeof(png) - 1};

    UT_ASSERT_STR(ut_check(text), NULL);
    UT_ASSERT_STR(ut_check(pdf), NULL);
    UT_ASSERT_STR(ut_check(image), NULL);
}

static void test_accepted(void)
{
    static const ut_entry_t zip[] = {
        UT_FILE("docs/", ""), UT_FILE("docs/readme.txt", "Hello\n"),
        UT_FILE("docs/shot.png", png), UT_FILE("./logs/12:00;1.log", "ok\n"),
        UT_FILE("META-INF/manifest.xml", "<manifest/>"), UT_END
    };
    static const ut_entry_t inner[] = {
        UT_FILE("a.txt", "inner text\n"), UT_END
    };
    ut_bytes_t nested = ut_zip(inner);
    ut_entry_t outer[] = {
        {"inner.zip", nested.data, nested.len, NULL}, UT_END
    };

    UT_ASSERT_STR(ut_check(ut_zip(zip)), NULL);
    UT_ASSERT_STR(ut_check(ut_archive(ARCHIVE_FORMAT_TAR_USTAR,
                                      ARCHIVE_FILTER_GZIP, NULL, zip)),
                  NULL);
    UT_ASSERT_STR(ut_check(ut_archive(ARCHIVE_FORMAT_7ZIP,
                                      ARCHIVE_FILTER_NONE, NULL, zip)),
                  NULL);
    UT_ASSERT_STR(ut_check(ut_zip(outer)), NULL);
    /* An empty zip has nothing to refuse. */
    UT_ASSERT_STR(ut_check(ut_zip((ut_entry_t[]){UT_END})), NULL);
}

/* Issue 27's: a PE inside a zip, by its name and by its first bytes. */
static void test_programs_inside(void)
{
    static const ut_entry_t by_name[] = {
        UT_FILE("readme.txt", "Hello\n"), UT_FILE("bin/setup.exe", "x"),
        UT_END
    };
    static const ut_entry_t by_bytes[] = {
        UT_FILE("readme.txt", "Hello\n"), UT_FILE("invoice.pdf", pe), UT_END
    };
    static const ut_entry_t script[] = {
        UT_FILE("notes.txt", "import os\nos.system('id')\n"), UT_END
    };
    static const ut_entry_t powershell[] = {
        UT_FILE("notes.txt", "Invoke-WebRequest http://x -OutFile a\n"),
        UT_END
    };
    static const ut_entry_t elf[] = {
        UT_FILE("tool", "\x7f" "ELF\2\1\1\0\0\0\0\0"), UT_END
    };
    static const ut_entry_t app[] = {
        UT_FILE("Foo.app/Contents/Info.plist", "<plist/>"), UT_END
    };
    static const ut_entry_t slip[] = {
        UT_FILE("../../home/x/.bashrc", "echo hi\n"), UT_END
    };
    static const ut_entry_t stream[] = {
        UT_FILE("a.exe::$DATA", "x"), UT_END
    };
    static const ut_entry_t link[] = {
        UT_FILE("docs/", ""), {"docs/passwd", NULL, 0, "/etc/passwd"},
        UT_END
    };

    UT_REFUSED(ut_check(ut_zip(by_name)),
               "\"bin/setup.exe\" in the archive: a name with .exe");
    UT_REFUSED(ut_check(ut_zip(by_bytes)),
               "\"invoice.pdf\" in the archive: a Windows program");
    UT_REFUSED(ut_check(ut_zip(script)), "a Python script");
    UT_REFUSED(ut_check(ut_zip(powershell)), "a PowerShell script");
    UT_REFUSED(ut_check(ut_zip(app)), "a name with .app");
    UT_REFUSED(ut_check(ut_zip(slip)), "a path out of its folder");
    UT_REFUSED(ut_check(ut_zip(stream)), "a name with .exe");
    UT_REFUSED(ut_check(ut_archive(ARCHIVE_FORMAT_TAR_USTAR,
                                   ARCHIVE_FILTER_GZIP, NULL, elf)),
               "an ELF program");
    UT_REFUSED(ut_check(ut_archive(ARCHIVE_FORMAT_TAR_USTAR,
                                   ARCHIVE_FILTER_XZ, NULL, by_bytes)),
               "a Windows program");
    UT_REFUSED(ut_check(ut_archive(ARCHIVE_FORMAT_7ZIP, ARCHIVE_FILTER_NONE,
                                   NULL, by_bytes)),
               "a Windows program");
    UT_REFUSED(ut_check(ut_archive(ARCHIVE_FORMAT_TAR_USTAR,
                                   ARCHIVE_FILTER_NONE, NULL, link)),
               "\"docs/passwd\" in the archive: a link");
    /* Every message is the envelope's. */
    UT_REFUSED(ut_check(ut_zip(by_bytes)), "Executable files are not "
                                           "accepted (");
}

/* A jar is a program: by its manifest, whatever the names around it. */
static void test_jar(void)
{
    static const ut_entry_t jar[] = {
        UT_FILE("META-INF/", ""),
        UT_FILE("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\n"
                "Main-Class: Main\r\n\r\n"),
        UT_FILE("data.bin.txt", "x"), UT_END
    };
    static const ut_entry_t classes[] = {
        UT_FILE("Main.dat", "\xca\xfe\xba\xbe\0\0\0\x34"), UT_END
    };

    UT_REFUSED(ut_check(ut_zip(jar)), "a Java archive's manifest");
    UT_REFUSED(ut_check(ut_zip(classes)), "a Mach-O or Java class program");
}

/* A zip within a zip within ...: each level looked into, to the limit. */
static void test_nested(void)
{
    static const ut_entry_t bad[] = {
        UT_FILE("setup.dat", pe), UT_END
    };
    ut_bytes_t level = ut_zip(bad);
    fb_archive_limits_t shallow = fb_archive_limits;
    int i;

    for (i = 2; i <= 3; i++) {
        ut_entry_t wrap[] = {
            {apr_psprintf(ut_pool, "level%d.zip", i), level.data, level.len,
             NULL}, UT_END
        };

        level = ut_zip(wrap);
        UT_REFUSED(ut_check(level), "a Windows program");
    }
    /* Three levels are read; a fourth is not, and is refused. */
    {
        ut_entry_t wrap[] = {
            {"level4.zip", level.data, level.len, NULL}, UT_END
        };

        UT_REFUSED(ut_check(ut_zip(wrap)), "Archives that cannot be checked "
                   "are not accepted (\"level2.zip\", archives nested more "
                   "than 3 deep).");
    }
    shallow.depth = 1;
    UT_REFUSED(ut_check_with(level, &shallow), "archives nested more than 1 "
                                               "deep");
    shallow = fb_archive_limits;
    shallow.nested = 100;
    UT_REFUSED(ut_check_with(level, &shallow), "an archive inside of more "
                                               "than 100 bytes");
}

/* The work is bounded: entries, decompressed bytes. */
static void test_limits(void)
{
    static const ut_entry_t five[] = {
        UT_FILE("1.txt", "1"), UT_FILE("2.txt", "2"), UT_FILE("3.txt", "3"),
        UT_FILE("4.txt", "4"), UT_FILE("5.txt", "5"), UT_END
    };
    fb_archive_limits_t small = fb_archive_limits;
    char *zeros = apr_pcalloc(ut_pool, 200 * 1024);
    ut_entry_t big[] = {
        {"zeros.txt", zeros, 200 * 1024, NULL}, UT_END
    };

    memset(zeros, 'z', 200 * 1024);
    small.entries = 4;
    UT_REFUSED(ut_check_with(ut_zip(five), &small), "more than 4 entries");
    small.entries = 5;
    UT_ASSERT_STR(ut_check_with(ut_zip(five), &small), NULL);
    /* A gzip'd tar's entry is decompressed to pass it: it counts. */
    small = fb_archive_limits;
    small.bytes = 100 * 1024;
    UT_REFUSED(ut_check_with(ut_archive(ARCHIVE_FORMAT_TAR_USTAR,
                                        ARCHIVE_FILTER_GZIP, NULL, big),
                             &small), "more than 102400 bytes to "
                                         "read");
    /* A zip's is passed over unread: only its first bytes count. */
    UT_ASSERT_STR(ut_check_with(ut_zip(big), &small), NULL);
}

/* A compressed stream of one file is looked into as that file. */
static void test_compressed_stream(void)
{
    struct archive *a = archive_write_new();
    char *buf = apr_palloc(ut_pool, 65536);
    size_t used = 0;
    ut_bytes_t gz;
    struct archive_entry *e = archive_entry_new();

    archive_write_set_format_raw(a);
    archive_write_add_filter_gzip(a);
    archive_write_open_memory(a, buf, 65536, &used);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_write_header(a, e);
    archive_write_data(a, pe, sizeof(pe) - 1);
    archive_write_close(a);
    archive_write_free(a);
    archive_entry_free(e);
    gz.data = buf;
    gz.len = used;
    UT_REFUSED(ut_check(gz), "\"data\" in the archive: a Windows program");
}

/* A zip behind an image (the image first, its central directory at the
 * end) is a zip to any unzip tool. */
static void test_zip_behind_an_image(void)
{
    static const ut_entry_t bad[] = {
        UT_FILE("run.exe", "x"), UT_END
    };
    ut_bytes_t zip = ut_zip(bad), both;
    char *buf = apr_palloc(ut_pool, sizeof(png) - 1 + zip.len);

    memcpy(buf, png, sizeof(png) - 1);
    memcpy(buf + sizeof(png) - 1, zip.data, zip.len);
    both.data = buf;
    both.len = sizeof(png) - 1 + zip.len;
    UT_REFUSED(ut_check(both), "a name with .exe");
}

/* What cannot be read is not stored; a read that fails is the server's. */
static void test_unreadable(void)
{
    static const ut_entry_t one[] = {
        UT_FILE("a.txt", "some text that is long enough\n"), UT_END
    };
    ut_bytes_t zip = ut_zip(one), cut;
    magic_t m = NULL;
    const char *why = "unset";
    char *buf;

    /* The central directory kept, an entry's bytes trampled. */
    buf = apr_pmemdup(ut_pool, zip.data, zip.len);
    memset(buf + 30, 0xff, 20);
    cut.data = buf;
    cut.len = zip.len;
    UT_REFUSED(ut_check(cut), "Archives that cannot be checked are not "
                              "accepted");
    UT_ASSERT_INT(fb_archive_check(ut_pool, &m, &fb_archive_limits,
                                   ut_read_fails, NULL, 100, &why),
                  APR_EGENERAL);
    UT_ASSERT_STR(why, NULL);
}

static void test_encrypted(void)
{
    static const ut_entry_t one[] = {
        UT_FILE("a.txt", "a secret\n"), UT_END
    };

    UT_REFUSED(ut_check(ut_archive(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE,
                                   "zip:encryption=zipcrypt", one)),
               "\"a.txt\" is encrypted");
}

void test_archive_register(void)
{
    static const ut_test_t tests[] = {
        {"files that are no archives", test_not_archives},
        {"archives accepted", test_accepted},
        {"programs inside", test_programs_inside},
        {"a jar is a program", test_jar},
        {"nested archives", test_nested},
        {"limits", test_limits},
        {"a compressed stream", test_compressed_stream},
        {"a zip behind an image", test_zip_behind_an_image},
        {"unreadable archives", test_unreadable},
        {"encrypted archives", test_encrypted},
        {NULL, NULL}
    };

    ut_add_suite("fb_archive", NULL, NULL, NULL, NULL, tests);
}
