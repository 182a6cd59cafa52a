/*
 * fb_cursor: encoding and decoding of keyset cursors.
 */
#include <string.h>

#include <apr_encode.h>
#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_cursor.h"
#include "fb_validate.h"
#include "fb_id.h"

const char *fb_cursor_encode(apr_pool_t *p, const char *sort,
                             const char *key, const char *id)
{
    const char *plain = apr_pstrcat(p, sort, "|", key, "|", id, NULL);
    const char *text = apr_pencode_base64(p, plain, APR_ENCODE_STRING,
                                          APR_ENCODE_BASE64URL
                                          | APR_ENCODE_NOPADDING, NULL);

    if (text == NULL || strlen(text) > FB_CURSOR_MAX) {
        return NULL;
    }
    return text;
}

/* Non-zero when text uses only the base64url alphabet (no padding). */
static int fb_cursor_alphabet(const char *text)
{
    for (; *text != '\0'; text++) {
        if (!apr_isalnum(*text) && *text != '-' && *text != '_') {
            return 0;
        }
    }
    return 1;
}

apr_status_t fb_cursor_decode(apr_pool_t *p, const char *text,
                              const char *expected_sort, fb_cursor_ids_e ids,
                              fb_cursor_t *out)
{
    apr_size_t len;
    const char *plain;
    const char *first, *last;

    if (text == NULL || *text == '\0' || strlen(text) > FB_CURSOR_MAX
        || !fb_cursor_alphabet(text)) {
        return APR_EINVAL;
    }
    plain = apr_pdecode_base64(p, text, APR_ENCODE_STRING,
                               APR_ENCODE_BASE64URL | APR_ENCODE_NOPADDING,
                               &len);
    if (plain == NULL || strlen(plain) != len) {
        return APR_EINVAL;
    }
    /* The sort name holds no '|' and the id is hex or alphanumeric:
     * split at the ends. */
    first = strchr(plain, '|');
    last = strrchr(plain, '|');
    if (first == NULL || first == last) {
        return APR_EINVAL;
    }
    out->sort = apr_pstrmemdup(p, plain, first - plain);
    out->key = apr_pstrmemdup(p, first + 1, last - first - 1);
    out->id = ids == FB_CURSOR_SHORT_IDS
              ? (fb_short_id_valid(last + 1) ? apr_pstrdup(p, last + 1)
                                             : NULL)
              : fb_id_normalize(p, last + 1);
    if (strcmp(out->sort, expected_sort) != 0 || out->id == NULL) {
        return APR_EINVAL;
    }
    return APR_SUCCESS;
}
