/*
 * fb_archive: looking into archives with libarchive (fb_archive.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <archive.h>
#include <archive_entry.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_archive.h"
#include "fb_filetype.h"

const fb_archive_limits_t fb_archive_limits = {
    1000, 3, (apr_off_t)256 * 1024 * 1024, 16 * 1024 * 1024
};

#define FB_ARCHIVE_UNCHECKED "Archives that cannot be checked are not " \
                             "accepted (%s)."

/*
 * The formats looked into.  Not mtree (its entries name files of this
 * machine, which libarchive would read), nor raw (it takes anything: it
 * is used alone, for a compressed stream no format reads).
 */
static int (*const fb_archive_formats[])(struct archive *) = {
    archive_read_support_format_zip, archive_read_support_format_7zip,
    archive_read_support_format_rar, archive_read_support_format_rar5,
    archive_read_support_format_tar, archive_read_support_format_cpio,
    archive_read_support_format_iso9660, archive_read_support_format_cab,
    archive_read_support_format_lha, archive_read_support_format_xar,
    archive_read_support_format_ar, NULL
};

/* The compressions, each one Debian's libarchive links a library for
 * (any other would run an outside program). */
static int (*const fb_archive_filters[])(struct archive *) = {
    archive_read_support_filter_gzip, archive_read_support_filter_bzip2,
    archive_read_support_filter_xz, archive_read_support_filter_lzma,
    archive_read_support_filter_zstd, archive_read_support_filter_lz4,
    NULL
};

/*
 * The first bytes of the archives an entry may be, which is then looked
 * into too (an ISO image's mark lies past the bytes read of an entry:
 * one is refused by its name instead).
 */
static const struct {
    apr_size_t at;
    const char *bytes;
    apr_size_t len;
} fb_archive_marks[] = {
    {0, "PK\3\4", 4}, {0, "PK\5\6", 4}, {0, "PK\7\x08", 4},
    {0, "7z\xbc\xaf\x27\x1c", 6}, {0, "Rar!\x1a\x07", 6},
    {0, "\x1f\x8b", 2}, {0, "BZh", 3}, {0, "\xfd" "7zXZ\0", 6},
    {0, "\x5d\0\0", 3}, {0, "\x28\xb5\x2f\xfd", 4},
    {0, "\x04\x22\x4d\x18", 4}, {257, "ustar", 5}, {0, "MSCF", 4},
    {0, "070707", 6}, {0, "070701", 6}, {0, "070702", 6},
    {0, "\xc7\x71", 2}, {0, "\x71\xc7", 2}, {0, "!<arch>\n", 8},
    {0, "xar!", 4}, {2, "-lh", 3}, {2, "-lz", 3},
};

/* One file's check: its limits and what it has spent of them. */
typedef struct {
    apr_pool_t *p;
    apr_pool_t *magic_pool;     /* where *m is loaded */
    magic_t *m;
    const fb_archive_limits_t *limits;
    int entries;
    apr_off_t bytes;
    apr_status_t failed;        /* the file could not be read back */
} fb_archive_check_t;

/* A file read by offset: the stored one, or an entry in memory. */
typedef struct {
    fb_archive_check_t *c;
    fb_archive_read_fn read;
    void *baton;
    apr_off_t size;
    apr_off_t pos;
} fb_archive_source_t;

static la_ssize_t fb_archive_read(struct archive *a, void *baton,
                                  const void **buf)
{
    fb_archive_source_t *s = baton;
    const char *data;
    apr_size_t len = 0;
    apr_status_t rv;

    if (s->pos >= s->size) {
        return 0;
    }
    if ((rv = s->read(s->baton, s->pos, &data, &len)) != APR_SUCCESS
        || len == 0) {
        s->c->failed = rv != APR_SUCCESS ? rv : APR_EGENERAL;
        archive_set_error(a, EIO, "the file cannot be read back");
        return -1;
    }
    if ((apr_off_t)len > s->size - s->pos) {
        len = (apr_size_t)(s->size - s->pos);
    }
    s->pos += (apr_off_t)len;
    *buf = data;
    return (la_ssize_t)len;
}

static la_int64_t fb_archive_seek(struct archive *a, void *baton,
                                  la_int64_t offset, int whence)
{
    fb_archive_source_t *s = baton;
    la_int64_t to = whence == SEEK_SET ? offset
                    : whence == SEEK_CUR ? s->pos + offset
                    : s->size + offset;

    if (to < 0 || to > s->size) {
        archive_set_error(a, EINVAL, "a seek out of the file");
        return ARCHIVE_FATAL;
    }
    s->pos = to;
    return to;
}

static la_int64_t fb_archive_skip(struct archive *a, void *baton,
                                  la_int64_t request)
{
    fb_archive_source_t *s = baton;
    la_int64_t n = request < s->size - s->pos ? request : s->size - s->pos;

    (void)a;
    n = n > 0 ? n : 0;
    s->pos += n;
    return n;
}

/* An entry's bytes in memory, as a source. */
typedef struct {
    const char *data;
    apr_size_t len;
} fb_archive_memory_t;

static apr_status_t fb_archive_memory_read(void *baton, apr_off_t at,
                                           const char **data,
                                           apr_size_t *len)
{
    fb_archive_memory_t *m = baton;

    *data = m->data + at;
    *len = m->len - (apr_size_t)at;
    return APR_SUCCESS;
}

/* s opened with the formats (raw: as one compressed stream), its first
 * header read into *e: *r is libarchive's answer.  NULL when no
 * archive could be made. */
static struct archive *fb_archive_open(fb_archive_source_t *s, int raw,
                                       struct archive_entry **e, int *r)
{
    struct archive *a = archive_read_new();
    int i;

    if (a == NULL) {
        return NULL;
    }
    for (i = 0; fb_archive_filters[i] != NULL; i++) {
        fb_archive_filters[i](a);
    }
    if (raw) {
        archive_read_support_format_raw(a);
    }
    for (i = 0; !raw && fb_archive_formats[i] != NULL; i++) {
        fb_archive_formats[i](a);
    }
    archive_read_set_read_callback(a, fb_archive_read);
    archive_read_set_seek_callback(a, fb_archive_seek);
    archive_read_set_skip_callback(a, fb_archive_skip);
    archive_read_set_callback_data(a, s);
    s->pos = 0;
    /* Opening chooses the format already: an unknown one fails here. */
    if ((*r = archive_read_open1(a)) == ARCHIVE_OK) {
        *r = archive_read_next_header(a, e);
    }
    return a;
}

/* An entry's path as a message shows it: printable ASCII, at most 100
 * characters. */
static const char *fb_archive_shown(apr_pool_t *p, const char *path)
{
    apr_size_t i, len = strlen(path);
    char *out;

    len = len > 100 ? 100 : len;
    out = apr_pstrndup(p, path, len);
    for (i = 0; i < len; i++) {
        if (!apr_isprint(out[i]) || out[i] == '"') {
            out[i] = '?';
        }
    }
    return out;
}

static const char *fb_archive_refused(fb_archive_check_t *c,
                                      const char *path, const char *what)
{
    return apr_psprintf(c->p, FB_FILETYPE_REFUSED, apr_psprintf(
        c->p, "\"%s\" in the archive: %s", fb_archive_shown(c->p, path),
        what));
}

static const char *fb_archive_unchecked(fb_archive_check_t *c,
                                        const char *what)
{
    return apr_psprintf(c->p, FB_ARCHIVE_UNCHECKED, what);
}

/* Counts n more bytes read; a message when they pass the limit. */
static const char *fb_archive_spend(fb_archive_check_t *c, apr_size_t n)
{
    c->bytes += (apr_off_t)n;
    return c->bytes > c->limits->bytes
           ? fb_archive_unchecked(c, apr_psprintf(
                 c->p, "more than %" APR_OFF_T_FMT " bytes to read",
                 c->limits->bytes))
           : NULL;
}

static int fb_archive_marked(const unsigned char *b, apr_size_t n)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_archive_marks) / sizeof(fb_archive_marks[0]);
         i++) {
        if (n >= fb_archive_marks[i].at + fb_archive_marks[i].len
            && memcmp(b + fb_archive_marks[i].at, fb_archive_marks[i].bytes,
                      fb_archive_marks[i].len) == 0) {
            return 1;
        }
    }
    return 0;
}

static const char *fb_archive_look(fb_archive_check_t *c,
                                   fb_archive_source_t *s, int depth);

/* The entry's path and libarchive's error, as a message. */
static const char *fb_archive_damaged(fb_archive_check_t *c,
                                      struct archive *a, const char *path)
{
    return fb_archive_unchecked(c, apr_psprintf(
        c->p, "\"%s\": %s", fb_archive_shown(c->p, path),
        archive_error_string(a) != NULL ? archive_error_string(a)
                                        : "it cannot be read"));
}

/* The rest of the current entry after its first n bytes (head), read
 * into memory (a pool of its own, gone with the look) and looked into
 * as an archive. */
static const char *fb_archive_nested(fb_archive_check_t *c,
                                     struct archive *a, const char *path,
                                     const char *head, apr_size_t n,
                                     int depth)
{
    fb_archive_memory_t mem;
    fb_archive_source_t inner;
    apr_size_t cap = c->limits->nested, size = 64 * 1024;
    apr_pool_t *pool;
    char *buf;
    la_ssize_t r = 0;
    const char *why = NULL;

    if (depth >= c->limits->depth) {
        return fb_archive_unchecked(c, apr_psprintf(
            c->p, "\"%s\", archives nested more than %d deep",
            fb_archive_shown(c->p, path), c->limits->depth));
    }
    if (apr_pool_create(&pool, c->p) != APR_SUCCESS) {
        c->failed = APR_ENOMEM;
        return NULL;
    }
    buf = apr_palloc(pool, size);
    memcpy(buf, head, n);
    for (;;) {
        if (n == size && size < cap + 1) {
            /* Doubled as it comes, to one byte past the limit. */
            char *bigger = apr_palloc(pool, size * 2 < cap + 1 ? size * 2
                                                               : cap + 1);

            memcpy(bigger, buf, n);
            buf = bigger;
            size = size * 2 < cap + 1 ? size * 2 : cap + 1;
        }
        if (n == size
            || (r = archive_read_data(a, buf + n, size - n)) <= 0) {
            break;
        }
        n += (apr_size_t)r;
        if ((why = fb_archive_spend(c, (apr_size_t)r)) != NULL) {
            break;
        }
    }
    if (why == NULL && r < 0) {
        why = fb_archive_damaged(c, a, path);
    }
    else if (why == NULL && n > cap) {
        why = fb_archive_unchecked(c, apr_psprintf(
            c->p, "\"%s\", an archive inside of more than %"
            APR_SIZE_T_FMT " bytes", fb_archive_shown(c->p, path), cap));
    }
    else if (why == NULL) {
        mem.data = buf;
        mem.len = n;
        memset(&inner, 0, sizeof(inner));
        inner.c = c;
        inner.read = fb_archive_memory_read;
        inner.baton = &mem;
        inner.size = (apr_off_t)n;
        why = fb_archive_look(c, &inner, depth + 1);
    }
    apr_pool_destroy(pool);
    return why;
}

/* Why the current entry e of a (at depth) is refused, or NULL. */
static const char *fb_archive_entry(fb_archive_check_t *c, struct archive *a,
                                    struct archive_entry *e, int depth)
{
    const char *path = archive_entry_pathname(e), *what, *type;
    char head[FB_FILETYPE_SNIFF];
    apr_size_t n = 0;
    la_ssize_t r = 0;
    mode_t kind = archive_entry_filetype(e);
    const char *p;

    if (path == NULL) {
        path = archive_entry_pathname_utf8(e);
    }
    if (++c->entries > c->limits->entries) {
        return fb_archive_unchecked(c, apr_psprintf(
            c->p, "more than %d entries", c->limits->entries));
    }
    if (path == NULL) {
        return fb_archive_unchecked(c, "an entry without a readable name");
    }
    if ((what = fb_filetype_path_refused(c->p, path)) != NULL) {
        return fb_archive_refused(c, path, what);
    }
    for (p = path; *p == '/' || (p[0] == '.' && p[1] == '/'); p++) {
    }
    if (strcasecmp(p, "META-INF/MANIFEST.MF") == 0) {
        return fb_archive_refused(c, path, "a Java archive's manifest");
    }
    if (kind == AE_IFLNK || archive_entry_hardlink(e) != NULL
        || archive_entry_symlink(e) != NULL) {
        return fb_archive_refused(c, path, "a link");
    }
    if (kind == AE_IFDIR) {
        return NULL;
    }
    /* 0: a format that keeps no type (a zip made on Windows): a file. */
    if (kind != AE_IFREG && kind != 0) {
        return fb_archive_refused(c, path, "neither a file nor a folder");
    }
    if (archive_entry_is_encrypted(e)) {
        return fb_archive_unchecked(c, apr_psprintf(
            c->p, "\"%s\" is encrypted", fb_archive_shown(c->p, path)));
    }
    while (n < sizeof(head)
           && (r = archive_read_data(a, head + n, sizeof(head) - n)) > 0) {
        n += (apr_size_t)r;
    }
    if (r < 0) {
        return fb_archive_damaged(c, a, path);
    }
    if ((what = fb_archive_spend(c, n)) != NULL) {
        return what;
    }
    if (*c->m == NULL) {
        *c->m = fb_filetype_magic(c->magic_pool);
    }
    type = fb_filetype_of(c->p, *c->m, (unsigned char *)head, n);
    if ((what = fb_filetype_content_refused(c->p, (unsigned char *)head, n,
                                            type)) != NULL) {
        return fb_archive_refused(c, path, what);
    }
    if (fb_archive_marked((unsigned char *)head, n)) {
        return fb_archive_nested(c, a, path, head, n, depth);
    }
    if ((archive_format(a) & ARCHIVE_FORMAT_BASE_MASK)
        == ARCHIVE_FORMAT_ZIP) {
        return NULL;    /* the next header seeks past the rest, unread */
    }
    /* Elsewhere passing an entry decompresses it: read, to count. */
    for (;;) {
        const void *block;
        size_t size;
        la_int64_t offset;
        int rv = archive_read_data_block(a, &block, &size, &offset);

        if (rv == ARCHIVE_EOF) {
            return NULL;
        }
        if (rv < ARCHIVE_WARN) {
            return fb_archive_damaged(c, a, path);
        }
        if ((what = fb_archive_spend(c, size)) != NULL) {
            return what;
        }
    }
}

/* Why the archive s (at depth, the file itself 1) is refused, or NULL:
 * also when it is not an archive. */
static const char *fb_archive_look(fb_archive_check_t *c,
                                   fb_archive_source_t *s, int depth)
{
    struct archive *a;
    struct archive_entry *e;
    const char *why = NULL;
    int r, raw = 0;

    for (;;) {
        if ((a = fb_archive_open(s, raw, &e, &r)) == NULL) {
            c->failed = APR_ENOMEM;
            return NULL;
        }
        if (r >= ARCHIVE_WARN || raw || c->failed != APR_SUCCESS
            || archive_format(a) != 0) {
            break;
        }
        /* No format: a compressed stream of anything else is read as its
         * one entry; anything else is no archive. */
        raw = archive_filter_count(a) > 1;
        archive_read_free(a);
        if (!raw) {
            return NULL;
        }
    }
    while (why == NULL && c->failed == APR_SUCCESS && r != ARCHIVE_EOF) {
        if (r < ARCHIVE_WARN) {
            why = fb_archive_unchecked(c, archive_error_string(a)
                                          ? archive_error_string(a)
                                          : "a damaged archive");
            break;
        }
        if ((why = fb_archive_entry(c, a, e, depth)) == NULL) {
            r = archive_read_next_header(a, &e);
        }
    }
    archive_read_free(a);
    return c->failed != APR_SUCCESS ? NULL : why;
}

apr_status_t fb_archive_check(apr_pool_t *p, magic_t *m,
                              const fb_archive_limits_t *limits,
                              fb_archive_read_fn read, void *baton,
                              apr_off_t size, const char **why)
{
    fb_archive_check_t c;
    fb_archive_source_t s;
    apr_pool_t *scratch;
    apr_status_t rv;

    *why = NULL;
    if (size <= 0) {
        return APR_SUCCESS;
    }
    /* Entries read into memory go with the check. */
    if ((rv = apr_pool_create(&scratch, p)) != APR_SUCCESS) {
        return rv;
    }
    memset(&c, 0, sizeof(c));
    c.p = scratch;
    c.magic_pool = p;
    c.m = m;
    c.limits = limits;
    memset(&s, 0, sizeof(s));
    s.c = &c;
    s.read = read;
    s.baton = baton;
    s.size = size;
    *why = fb_archive_look(&c, &s, 1);
    *why = *why != NULL ? apr_pstrdup(p, *why) : NULL;
    apr_pool_destroy(scratch);
    return c.failed;
}
