/*
 * main.c: runs every CUnit suite over modules/core and modules/domain.
 *
 * The exit status is non-zero when any assertion failed or any suite could
 * not start (CU_basic_run_tests alone reports success in both cases).  The
 * store suite and the domain's need FEEDBACK_TEST_DB, a libpq connection
 * string to a database with the migrations of sql/ applied; without it
 * those suites fail.
 */
#include <stdio.h>

#include <apr_dbd.h>
#include <apr_general.h>
#include <CUnit/Basic.h>

#include "unit.h"

int main(void)
{
    apr_pool_t *root;
    unsigned failures, suites_failed;

    if (apr_initialize() != APR_SUCCESS
        || apr_pool_create(&root, NULL) != APR_SUCCESS
        || apr_dbd_init(root) != APR_SUCCESS) {
        fprintf(stderr, "unit: cannot initialise APR\n");
        return 2;
    }
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "unit: %s\n", CU_get_error_msg());
        return 2;
    }
    test_json_register();
    test_error_register();
    test_utf8_register();
    test_id_register();
    test_cursor_register();
    test_query_register();
    test_validate_register();
    test_route_register();
    test_keycache_register();
    test_keyset_register();
    test_perm_register();
    test_crypto_register();
    test_version_register();
    test_db_register();
    test_jsonw_register();
    test_htmlw_register();
    test_gate_register();
    test_vcache_register();
    test_db_session_register();
    test_ratelimit_register();
    test_sharetab_register();
    test_html_register();
    test_html_budget_register();
    test_time_register();
    test_markdown_register();
    test_unsubscribe_register();
    test_netpolicy_register();
    test_fetch_register();
    test_mail_register();
    test_filesign_register();
    test_portal_register();
    test_webhook_secret_register();
    test_webhook_rule_register();
    test_bulk_mail_register();
    test_changelog_publishing_register();
    test_conversation_register();
    test_file_store_register();
    test_etag_register();
    test_multipart_register();
    test_filetype_register();
    test_archive_register();
    test_disposition_register();
    test_schema_register();
    test_pace_register();

    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    failures = CU_get_number_of_failures();
    suites_failed = CU_get_number_of_suites_failed();
    printf("\nunit: %u failed assertions, %u suites that could not run\n",
           failures, suites_failed);
    CU_cleanup_registry();
    apr_pool_destroy(root);
    apr_terminate();
    return (failures != 0 || suites_failed != 0) ? 1 : 0;
}
