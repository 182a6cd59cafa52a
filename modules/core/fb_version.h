/*
 * fb_version: the API versions this server speaks.
 *
 * Versions are ordered by their release date; a resource that exists only
 * from some version on names that version as its minimum.
 */
#ifndef FB_VERSION_H
#define FB_VERSION_H

typedef enum {
    FB_VERSION_CLOVER = 0,      /* 2025-12-12.clover */
    FB_VERSION_NOVA,            /* 2026-01-01.nova */
    FB_VERSION__COUNT
} fb_version_e;

#define FB_VERSION_UNKNOWN (-1)

/* The version named s, or FB_VERSION_UNKNOWN. */
int fb_version_parse(const char *s);

/* The name of a known version, e.g. "2026-01-01.nova". */
const char *fb_version_name(int version);

#endif
