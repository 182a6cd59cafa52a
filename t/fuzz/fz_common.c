/*
 * fz_common: the per-input pool and input copies of the fuzz targets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_general.h>

#include "fz.h"

static apr_pool_t *fz_root;

apr_pool_t *fz_pool_begin(void)
{
    apr_pool_t *p;

    if (fz_root == NULL) {
        if (apr_initialize() != APR_SUCCESS
            || apr_pool_create(&fz_root, NULL) != APR_SUCCESS) {
            fz_fail("apr_initialize", "cannot initialise APR");
        }
    }
    if (apr_pool_create(&p, fz_root) != APR_SUCCESS) {
        fz_fail("apr_pool_create", "no pool");
    }
    return p;
}

void fz_pool_end(apr_pool_t *p)
{
    apr_pool_destroy(p);
}

char *fz_string(apr_pool_t *p, const uint8_t *data, size_t size)
{
    char *s = apr_palloc(p, size + 1);

    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

const char *fz_bytes(apr_pool_t *p, const uint8_t *data, size_t size)
{
    /* apr_palloc of 0 bytes still gives a pointer that may be passed. */
    char *s = apr_palloc(p, size);

    memcpy(s, data, size);
    return s;
}

void fz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz: %s: %s\n", what, detail != NULL ? detail : "");
    abort();
}
