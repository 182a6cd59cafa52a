/*
 * fb_id: validation and normalisation of object ids.
 */
#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_id.h"

int fb_id_valid(const char *s)
{
    int i;

    if (s == NULL) {
        return 0;
    }
    for (i = 0; i < FB_ID_LEN; i++) {
        if (!apr_isxdigit(s[i])) {
            return 0;
        }
    }
    return s[FB_ID_LEN] == '\0';
}

const char *fb_id_normalize(apr_pool_t *p, const char *s)
{
    char *out;
    int i;

    if (!fb_id_valid(s)) {
        return NULL;
    }
    out = apr_pstrmemdup(p, s, FB_ID_LEN);
    for (i = 0; i < FB_ID_LEN; i++) {
        out[i] = (char)apr_tolower(out[i]);
    }
    return out;
}
