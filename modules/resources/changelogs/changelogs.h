/*
 * changelogs.h: what the changelog files share: the locales, finding a
 * changelog by id or slug; rendering and publishing one, which the worker
 * does too, are the domain's (changelog_publishing.h, which also holds
 * the changelog's JSON as SQL).
 */
#ifndef CHANGELOGS_H
#define CHANGELOGS_H

#include "changelog_publishing.h"
#include "fb_resource.h"

/* The locales a changelog can be written in, NULL-terminated. */
extern const char *const fb_changelog_locales[];

/* A changelog as a path or a body names it: its id, or its slug
 * (lowercase letters, digits and hyphens); and the path rules of the
 * operations on /changelogs/{id}. */
extern const fb_field_format_t fb_format_changelog_ref;
extern const fb_path_rule_t fb_changelog_path[];

/*
 * The changelog given names (a 24-hex id, else a slug in any of its
 * locales), as fb_changelog_find() does for the path; errors name param:
 * 400 (invalid_id for the path's "id", invalid_parameter for a body or
 * query field) for a value that can be neither, 404 changelog_not_found.
 */
fb_error_t *fb_changelog_lookup(fb_req_t *fr, const char *given,
                                const char *param, int lock,
                                const char **id, const char **slug_locale);

/*
 * The changelog the path's {id} names: a 24-hex id, else a slug in any of
 * its locales.  *id is its id; *slug_locale the locale of the slug that
 * named it (NULL when named by id).  lock: FOR UPDATE, inside the
 * request's transaction.  400 invalid_id for a value that can be neither,
 * 404 changelog_not_found.
 */
fb_error_t *fb_changelog_find(fb_req_t *fr, int lock, const char **id,
                              const char **slug_locale);

#endif
