/*
 * fb_filetype: what a stored file is, by its content (libmagic) and its
 * name, so that executables are never stored (decisions: refused by
 * extension and by content).
 */
#ifndef FB_FILETYPE_H
#define FB_FILETYPE_H

#include <apr_pools.h>

/* The bytes fb_filetype_of needs to see at most: a file's first ones. */
#define FB_FILETYPE_SNIFF 8192

/*
 * The media type (libmagic's, without parameters) of a file whose first
 * n bytes are b, in p; "application/octet-stream" when libmagic cannot
 * tell or cannot be loaded.
 */
const char *fb_filetype_of(apr_pool_t *p, const unsigned char *b,
                           apr_size_t n);

/*
 * Non-zero when a file starting with the n bytes b, of media type type
 * (NULL: unknown), is a program: a Windows (MZ), ELF or Mach-O binary, a
 * script with "#!", or a type libmagic gives to executables and
 * scripts.
 */
int fb_filetype_executable(const unsigned char *b, apr_size_t n,
                           const char *type);

/* Non-zero when name ends in the extension of an executable or script
 * (.exe, .bat, .js, .sh, ...; case ignored). */
int fb_filetype_blocked_name(const char *name);

#endif
