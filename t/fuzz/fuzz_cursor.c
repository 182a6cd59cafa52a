/*
 * fuzz_cursor: keyset cursors, as clients send them back.
 *
 * The input is a cursor query parameter, decoded for one sort.  A cursor
 * that decodes must encode to a cursor that decodes to the same values.
 * The input is also read as "sort\nkey\nid", encoded and decoded: a
 * cursor the server made must come back as it was made (when its sort
 * has no '|' and its id is an id).
 */
#include <string.h>

#include "fz.h"

#include "fb_cursor.h"
#include "fb_id.h"

static void fz_same(const char *what, const char *a, const char *b)
{
    if (strcmp(a, b) != 0) {
        fz_fail(what, b);
    }
}

/* Decodes text for sort; a decoded cursor must survive a round trip. */
static void fz_decode(apr_pool_t *p, const char *text, const char *sort)
{
    fb_cursor_t c, again;
    const char *made;

    if (fb_cursor_decode(p, text, sort, &c) != APR_SUCCESS) {
        return;
    }
    fz_same("decoded sort", sort, c.sort);
    made = fb_cursor_encode(p, c.sort, c.key, c.id);
    if (made == NULL) {
        /* Only over-long cursors are refused, and the input was not. */
        fz_fail("fb_cursor_encode", "a decoded cursor does not encode");
    }
    if (fb_cursor_decode(p, made, sort, &again) != APR_SUCCESS) {
        fz_fail("fb_cursor_decode", made);
    }
    fz_same("key", c.key, again.key);
    fz_same("id", c.id, again.id);
}

/* Encodes "sort\nkey\nid" from text and decodes it back. */
static void fz_encode(apr_pool_t *p, char *text)
{
    char *key = strchr(text, '\n'), *id;
    const char *made;
    fb_cursor_t c;

    if (key == NULL || (id = strchr(key + 1, '\n')) == NULL) {
        return;
    }
    *key++ = '\0';
    *id++ = '\0';
    made = fb_cursor_encode(p, text, key, id);
    if (made == NULL || strchr(text, '|') != NULL || !fb_id_valid(id)) {
        return;
    }
    if (fb_cursor_decode(p, made, text, &c) != APR_SUCCESS) {
        fz_fail("round trip", made);
    }
    fz_same("sort", text, c.sort);
    fz_same("key", key, c.key);
    fz_same("id", fb_id_normalize(p, id), c.id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    char *text = fz_string(p, data, size);

    fz_decode(p, text, "created");
    fz_decode(p, text, "");
    fz_encode(p, text);
    fz_pool_end(p);
    return 0;
}
