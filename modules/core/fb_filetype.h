/*
 * fb_filetype: what a stored file is, by its content (libmagic) and its
 * name, so that programs are never stored and only raster images are
 * ever shown by a browser (decisions.md "File types").
 *
 * The rules are tables in fb_filetype.c: the extensions refused in any
 * dot-separated part of a name, the first bytes of programs, the media
 * types libmagic gives to programs and scripts, and the first lines only
 * a script writes, for the languages libmagic does not tell.  Archives
 * are looked into by fb_archive.h, entry by entry, with these rules.
 */
#ifndef FB_FILETYPE_H
#define FB_FILETYPE_H

#include <apr_pools.h>
#include <magic.h>

/* The answer to a refused file, with the phrase of the rule that
 * refused it. */
#define FB_FILETYPE_REFUSED "Executable files are not accepted (%s)."

/* The bytes fb_filetype_of needs to see at most: a file's first ones. */
#define FB_FILETYPE_SNIFF 8192

/*
 * libmagic's database loaded for one thread's checks and closed with p,
 * or NULL when it cannot be loaded.  Loading costs about 13 ms, so a
 * file and all of its archive's entries share one; a cookie is never
 * shared between threads (libmagic's are not thread-safe).
 */
magic_t fb_filetype_magic(apr_pool_t *p);

/*
 * The media type (libmagic's, without parameters) of a file whose first
 * n bytes are b, in p; "application/octet-stream" when libmagic cannot
 * tell or m is NULL.
 */
const char *fb_filetype_of(apr_pool_t *p, magic_t m, const unsigned char *b,
                           apr_size_t n);

/*
 * Why a stored file named name is refused, as a phrase for
 * FB_FILETYPE_REFUSED ("a name with .py"), or NULL: a control character,
 * a slash, ';' (IIS runs "a.asp;.png" as ASP), ':' (an NTFS alternate
 * stream, "a.exe::$DATA"), a trailing dot or space (Windows drops them:
 * "a.exe." runs), or a refused extension as any dot-separated part after
 * the first ("a.exe.png", "a.PY"), case ignored.  NULL and "" are
 * accepted (the name defaults).
 */
const char *fb_filetype_name_refused(apr_pool_t *p, const char *name);

/*
 * The same for the path of an archive's entry, segment by segment (a
 * slash or a backslash between): ".." (extracting it writes outside the
 * folder), a control character, a trailing dot or space, or a refused
 * extension in the segment or in what comes before a ':' in it (the
 * file an NTFS stream "a.exe::$DATA" writes).  ';' and ':' themselves are kept: tarballs
 * name logs by the time, and no web server serves an entry.
 */
const char *fb_filetype_path_refused(apr_pool_t *p, const char *path);

/*
 * Why a file starting with the n bytes b, of media type type (NULL:
 * unknown), is refused as a program, as a phrase for
 * FB_FILETYPE_REFUSED, or NULL: a Windows (MZ), ELF,
 * Mach-O or Java class binary, a Dalvik executable, a script with "#!",
 * a type libmagic gives to programs, scripts and their packages, or
 * text whose first lines only a PowerShell, VBScript, Python or Perl
 * script writes.
 */
const char *fb_filetype_content_refused(apr_pool_t *p,
                                        const unsigned char *b,
                                        apr_size_t n, const char *type);

/* Non-zero for the types served inline: raster images (PNG, JPEG, GIF,
 * WebP), which a browser draws and never runs.  Every other file is
 * served as an attachment (fb_disposition.h). */
int fb_filetype_inline(const char *type);

#endif
