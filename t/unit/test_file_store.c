/*
 * test_file_store.c: stored files (file_store.h): recognising images,
 * storing one for an organization, its links for emails and webhooks.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_filesign.h"
#include "file_store.h"
#include "unit.h"

/* (org, key) */
FB_SQL(ut_fs_file, 1,
    "SELECT f.size, f.content_type, f.source, f.attached_at IS NULL, "
    "  (SELECT string_agg(encode(c.data, 'escape'), '' ORDER BY c.seq) "
    "   FROM file_chunks c WHERE c.key = f.key) "
    "FROM files f WHERE f.org_id = %s AND f.key = %s");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_fs_file, NULL
};

static const fb_settings_t settings = {
    "https://%{org}.portal.example", "https://api.example.com",
    "0123456789abcdef0123456789abcdef"
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int fs_init(void)
{
    static const fb_statement_t *const *const tables[] = {
        fb_file_store_statements, statements, NULL
    };

    return ut_db_open(&db, &db_pool, "file_store", tables);
}

static int fs_cleanup(void)
{
    ut_db_close(&db, &db_pool);
    return 0;
}

#define SNIFF(bytes) \
    fb_file_sniff((const unsigned char *)(bytes), sizeof(bytes) - 1)

static void test_sniff(void)
{
    UT_ASSERT_STR(SNIFF("\x89PNG\r\n\x1a\n...."), "image/png");
    UT_ASSERT_STR(SNIFF("\xff\xd8\xff\xe0"), "image/jpeg");
    UT_ASSERT_STR(SNIFF("GIF87a.."), "image/gif");
    UT_ASSERT_STR(SNIFF("GIF89a.."), "image/gif");
    UT_ASSERT_STR(SNIFF("RIFF\x10\0\0\0WEBPVP8 "), "image/webp");
    /* Markup, executables, other RIFF files, and too few bytes. */
    UT_ASSERT_STR(SNIFF("<svg xmlns=\"http://www.w3.org/2000/svg\">"), NULL);
    UT_ASSERT_STR(SNIFF("\x7f" "ELF\x02\x01\x01"), NULL);
    UT_ASSERT_STR(SNIFF("RIFF\x10\0\0\0WAVEfmt "), NULL);
    UT_ASSERT_STR(SNIFF("\x89PNG\r\n\x1a"), NULL);
    UT_ASSERT_STR(SNIFF("GIF8"), NULL);
    UT_ASSERT_STR(SNIFF(""), NULL);
}

/* Created empty, filled in chunks, completed: unattached until content
 * shows it. */
static void test_store(void)
{
    const char *org = ut_db_org(&db, "unit file store");
    const char *key = NULL;
    fb_rows_t rows;
    char buf[16];
    apr_size_t len;

    UT_ASSERT_INT(fb_file_store_create(&db, ut_pool, org, "data:", NULL,
                                       &key), APR_SUCCESS);
    CU_ASSERT_FATAL(key != NULL);
    CU_ASSERT(fb_file_key_valid(key));
    UT_ASSERT_INT(fb_file_store_chunk(&db, ut_pool, org, key, 0, "GIF89a",
                                      6), APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_chunk(&db, ut_pool, org, key, 1, "-rest",
                                      5), APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_fs_file, org, FB_ARGS(key));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "0");
    /* Read back before it is complete, as its archive check does. */
    UT_ASSERT_INT(fb_file_store_read(&db, ut_pool, org, key, 1, buf,
                                     sizeof(buf), &len), APR_SUCCESS);
    UT_ASSERT_INT(len, 5);
    CU_ASSERT(memcmp(buf, "-rest", 5) == 0);
    UT_ASSERT_INT(fb_file_store_read(&db, ut_pool, org, key, 2, buf,
                                     sizeof(buf), &len), APR_ENOENT);
    UT_ASSERT_INT(fb_file_store_read(&db, ut_pool, org, key, 0, buf, 4,
                                     &len), APR_EGENERAL);
    UT_ASSERT_INT(fb_file_store_complete(&db, ut_pool, org, key, 11,
                                         "image/gif"), APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_fs_file, org, FB_ARGS(key));
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "11");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "image/gif");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "data:");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4), "GIF89a-rest");
    /* A completed file is not discarded. */
    UT_ASSERT_INT(fb_file_store_discard(&db, ut_pool, org, key),
                  APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_fs_file, org, FB_ARGS(key));
    UT_ASSERT_INT(rows.nrows, 1);
}

/* An abandoned file goes, with its chunks. */
static void test_discard(void)
{
    const char *org = ut_db_org(&db, "unit file discard");
    const char *key = NULL;
    fb_rows_t rows;

    UT_ASSERT_INT(fb_file_store_create(&db, ut_pool, org,
                                       "https://img.example/a.png", NULL,
                                       &key),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_chunk(&db, ut_pool, org, key, 0, "\x89PNG",
                                      4), APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_discard(&db, ut_pool, org, key),
                  APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_fs_file, org, FB_ARGS(key));
    UT_ASSERT_INT(rows.nrows, 0);
}

/* Another organization's file takes no chunk, is not completed or
 * discarded, and is not read back. */
static void test_other_organization(void)
{
    const char *org = ut_db_org(&db, "unit file owner");
    const char *other = ut_db_org(&db, "unit file other");
    const char *key = NULL;
    fb_rows_t rows;
    char buf[16];
    apr_size_t len;

    UT_ASSERT_INT(fb_file_store_create(&db, ut_pool, org, "data:", NULL,
                                       &key), APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_chunk(&db, ut_pool, other, key, 0, "GIF89a",
                                      6), APR_ENOENT);
    UT_ASSERT_INT(fb_file_store_complete(&db, ut_pool, other, key, 6,
                                         "image/gif"), APR_ENOENT);
    UT_ASSERT_INT(fb_file_store_discard(&db, ut_pool, other, key),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_chunk(&db, ut_pool, org, key, 0, "GIF89a",
                                      6), APR_SUCCESS);
    UT_ASSERT_INT(fb_file_store_read(&db, ut_pool, other, key, 0, buf,
                                     sizeof(buf), &len), APR_ENOENT);
    rows = ut_db_select(&db, &fb_sql_ut_fs_file, org, FB_ARGS(key));
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "0");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4), "GIF89a");
}

/* Markers become signed URLs under the public URL; text without one is
 * given back as it is. */
static void test_links(void)
{
    const char *key = "0123456789abcdef0123456789abcdef";
    const char *html = apr_pstrcat(ut_pool, "<p><img src=\"",
                                   fb_file_marker(ut_pool, key),
                                   "\"></p>", NULL);
    apr_time_t expires = apr_time_from_sec(2000000000);
    const char *plain = "<p>No image</p>";

    UT_ASSERT_STR(fb_file_links(ut_pool, &settings, html, expires),
                  fb_filesign_rewrite(ut_pool, html,
                                      "https://api.example.com/v2/files/",
                                      settings.secret, expires));
    CU_ASSERT(strstr(fb_file_links(ut_pool, &settings, html, expires),
                     "<img src=\"https://api.example.com/v2/files/"
                     "0123456789abcdef0123456789abcdef?expires=2000000000"
                     "&amp;signature=") != NULL);
    CU_ASSERT_PTR_EQUAL(fb_file_links(ut_pool, &settings, plain, expires),
                        plain);
    CU_ASSERT_PTR_NULL(fb_file_links(ut_pool, &settings, NULL, expires));
}

void test_file_store_register(void)
{
    static const ut_test_t tests[] = {
        {"sniff: images only", test_sniff},
        {"store: create, chunks, complete", test_store},
        {"discard an abandoned file", test_discard},
        {"another organization's file", test_other_organization},
        {"links: markers signed", test_links},
        {NULL, NULL}
    };

    ut_add_suite("file_store", fs_init, fs_cleanup, NULL, NULL, tests);
}
