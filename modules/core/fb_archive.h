/*
 * fb_archive: looking into a stored file that is an archive (libarchive)
 * for programs, so that a program is refused inside a zip as it is on
 * its own (decisions.md "File types").
 *
 * Whether a file is an archive is libarchive's verdict, not its name's
 * nor libmagic's: zip (found by its central directory at the end, so a
 * zip behind an image or a PDF counts), 7-Zip, RAR, tar, cpio, ISO 9660,
 * CAB, LHA, XAR and ar, each also gzip-, bzip2-, xz-, lzma-, zstd- or
 * lz4-compressed, and a compressed stream of anything else, read as its
 * one entry.  The file is read through a callback, at any offset (the
 * stored chunks, or memory): it is never held whole.
 *
 * An archive is refused when an entry is: by its path (every segment
 * under fb_filetype_name_refused, so "a.app/x" and "../x" are too), a
 * jar's manifest (META-INF/MANIFEST.MF: a jar is a program), a link
 * (extracting one writes elsewhere), an entry that is neither a file
 * nor a folder, an encrypted entry (it cannot be looked into), or by its
 * first bytes under fb_filetype_content_refused.  An entry that is
 * itself an archive is looked into the same way, read into memory.  One
 * that cannot be read, or not within the limits, is refused: what cannot
 * be checked is not stored.
 */
#ifndef FB_ARCHIVE_H
#define FB_ARCHIVE_H

#include <apr_pools.h>
#include <magic.h>

/* The bounds of one file's check, over all of its levels. */
typedef struct {
    int entries;            /* entries of every archive inside */
    int depth;              /* levels: the file 1, an archive in it 2 */
    apr_off_t bytes;        /* decompressed bytes read */
    apr_size_t nested;      /* bytes of an archive inside another */
} fb_archive_limits_t;

/*
 * The limits the server checks with: 1,000 entries, 3 levels, 256 MB
 * decompressed (every byte read to pass an entry of a gzip'd tar or a
 * solid 7-Zip counts; a zip's entries are passed over by their offsets,
 * unread), an archive inside another of at most 16 MB.
 */
extern const fb_archive_limits_t fb_archive_limits;

/*
 * Gives the file's bytes from at (below its size) on: *data and *len,
 * more than none, valid until the next call.  Anything but APR_SUCCESS
 * is a failure of the server's own (the file cannot be read back).
 */
typedef apr_status_t (*fb_archive_read_fn)(void *baton, apr_off_t at,
                                           const char **data,
                                           apr_size_t *len);

/*
 * Looks into the file of size bytes that read gives.  APR_SUCCESS with
 * *why NULL: not an archive, or one whose entries are all accepted;
 * with *why (for a client): refused.  Another status: read failed.
 * *m is libmagic's cookie for the entries' types, loaded into p
 * (fb_filetype_magic) at the first entry when it is NULL: a file that is
 * no archive needs none.
 */
apr_status_t fb_archive_check(apr_pool_t *p, magic_t *m,
                              const fb_archive_limits_t *limits,
                              fb_archive_read_fn read, void *baton,
                              apr_off_t size, const char **why);

#endif
