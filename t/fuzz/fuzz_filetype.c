/*
 * fuzz_filetype: file names and contents, as uploads give them.
 *
 * The input is a file's name and its bytes: the name rules, the path
 * rules of archive entries and the Content-Disposition run on it as
 * text; the content rules (the script lines among them) on it as bytes
 * typed text/plain; and the archive check on the bytes, read back in
 * blocks of 1,000 bytes as stored chunks are, under small limits so an
 * input stays fast.  A Content-Disposition is printable ASCII, and a
 * name the rules accept holds no character a header could not carry
 * through it.
 */
#include <string.h>

#include "fz.h"

#include "fb_archive.h"
#include "fb_disposition.h"
#include "fb_filetype.h"

typedef struct {
    const char *data;
    apr_size_t len;
} fz_file_t;

static apr_status_t fz_read(void *baton, apr_off_t at, const char **data,
                            apr_size_t *len)
{
    const fz_file_t *f = baton;

    *data = f->data + at;
    *len = f->len - (apr_size_t)at > 1000 ? 1000 : f->len - (apr_size_t)at;
    return APR_SUCCESS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const fb_archive_limits_t limits = {50, 3, 4 * 1024 * 1024,
                                               1024 * 1024};
    static magic_t m;
    apr_pool_t *p = fz_pool_begin();
    char *text = fz_string(p, data, size);
    const char *header, *why = NULL, *c;
    fz_file_t file;

    if (m == NULL) {
        /* Loaded once: 13 ms an input would be most of the run. */
        apr_pool_t *forever;

        apr_pool_create(&forever, NULL);
        m = fb_filetype_magic(forever);
    }
    if (fb_filetype_name_refused(p, text) == NULL) {
        for (c = text; *c != '\0'; c++) {
            if ((unsigned char)*c < 0x20 || *c == 0x7f || *c == ';'
                || *c == ':' || *c == '/' || *c == '\\') {
                fz_fail("fb_filetype_name_refused", "a name accepted with "
                        "a character it refuses");
            }
        }
    }
    fb_filetype_path_refused(p, text);
    header = fb_disposition_attachment(p, text);
    for (c = header; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f) {
            fz_fail("fb_disposition_attachment", header);
        }
    }
    fb_filetype_content_refused(p, (const unsigned char *)fz_bytes(p, data,
                                                                   size),
                                size, "text/plain");
    file.data = fz_bytes(p, data, size);
    file.len = size;
    if (fb_archive_check(p, &m, &limits, fz_read, &file, (apr_off_t)size,
                         &why) != APR_SUCCESS) {
        fz_fail("fb_archive_check", "a read from memory failed");
    }
    fz_pool_end(p);
    return 0;
}
